import Diagnostics
import PolicyLoader
import PolicyModel
import Testing
import YAML

/// The limits of the YAML layer, each enforced with a clear diagnostic instead of a crash or a hang.
@Suite struct LoaderLimitTests {
    static let policyHead = "format: tollgate/v1\napp: { id: demo, name: Demo, default_locale: en, locales: [en] }\n"

    @Test func fileLargerThanTheLimitIsRefusedBeforeParsing() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: YAMLLimits.standard.maxFileSize + 1)
        let loaded = PolicyLoader.load(bytes, file: "big.yaml")
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(loaded.value == nil)
        #expect(diagnostic.rule == "yaml-limit")
        #expect(diagnostic.message == "file is 8388609 bytes; the limit is 8388608 bytes")
        #expect(diagnostic.span.start == SourcePosition(line: 1, column: 1))
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        let depth = 300
        let text = Self.policyHead + "x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let loaded = PolicyLoader.load(Array(text.utf8), file: "deep.yaml")
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.rule == "yaml-limit")
        #expect(diagnostic.message == "nesting is deeper than 256 levels")
        #expect(diagnostic.span.start.line == 3)
        // The root mapping is level 1, so the 256th bracket opens level 257.
        #expect(diagnostic.span.start.column == 4 + 255)
    }

    @Test func nestingAtTheLimitIsAccepted() {
        let depth = 255
        let text = "x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = YAMLParser.parse(Array(text.utf8), file: "ok.yaml")
        #expect(document.diagnostics.isEmpty)
        #expect(document.root != nil)
    }

    @Test func aliasExpansionIsBoundedAndStopsAtTheFirstAliasPastTheLimit() throws {
        let limits = YAMLLimits(maxExpandedNodes: 1_000)
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for (name, previous) in zip(["b", "c", "d", "e", "f", "g", "h", "i"], ["a", "b", "c", "d", "e", "f", "g", "h"]) {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        let document = YAMLParser.parse(Array(text.utf8), file: "laughs.yaml", limits: limits)
        let diagnostic = try #require(document.diagnostics.first)
        #expect(document.root == nil)
        #expect(diagnostic.rule == "yaml-limit")
        #expect(diagnostic.message == "aliases expand to more than 1000 nodes")
        #expect(diagnostic.span.start.line == 3)
    }

    @Test func aliasesWithinTheLimitAreExpandedAndWeighed() throws {
        let text = "a: &a [x, y]\nb: [*a, *a]\n"
        let document = YAMLParser.parse(Array(text.utf8), file: "ok.yaml")
        let root = try #require(document.root)
        let tape = try #require(document.tape)
        guard case .mapping(let pairs) = tape.content(root), case .sequence(let items) = tape.content(pairs[1].value)
        else {
            Issue.record("unexpected shape")
            return
        }
        try #require(items.count == 2)
        // The alias repeats the anchored node, but it is not the value of the anchor's key.
        #expect(tape.content(items[0]) == tape.content(pairs[0].value))
        #expect(tape.span(items[0]) == tape.span(pairs[0].value))
        #expect(tape.keySpan(items[0]) == nil && tape.keySpan(pairs[0].value) == tape.span(pairs[0].key))
        #expect(tape.weight(root) == 1 + 1 + 3 + 1 + 7)
    }
}
