import Diagnostics
import Testing
import YAML

/// The composed tape keeps 1-based spans on every node and the YAML rules libyaml leaves to callers.
@Suite struct YAMLParserTests {
    static func parse(_ text: String) -> YAMLDocument {
        YAMLParser.parse(Array(text.utf8), file: "t.yaml")
    }

    static func pairs(_ node: Node?, in document: YAMLDocument) -> [(key: Node, value: Node)] {
        if let tape = document.tape, let node, case .mapping(let pairs) = tape.content(node) { return Array(pairs) }
        return []
    }

    static func pairs(_ document: YAMLDocument) -> [(key: Node, value: Node)] {
        pairs(document.root, in: document)
    }

    @Test func spansAreOneBasedAndCountCharacters() throws {
        let document = Self.parse("title: 프리미엄\nprice: \"{price}\"\n")
        let tape = try #require(document.tape)
        let pairs = Self.pairs(document)
        try #require(pairs.count == 2)
        #expect(tape.span(pairs[0].value).start == SourcePosition(line: 1, column: 8))
        #expect(tape.span(pairs[0].value).end == SourcePosition(line: 1, column: 12))
        #expect(tape.span(pairs[1].key).start == SourcePosition(line: 2, column: 1))
        #expect(tape.content(pairs[1].value) == .scalar("{price}", .doubleQuoted))
    }

    @Test func plainAndQuotedScalarsKeepTheirStyleAndTags() throws {
        let document = Self.parse("a: no\nb: 'no'\nc: !!str no\n")
        let tape = try #require(document.tape)
        let pairs = Self.pairs(document)
        #expect(tape.content(pairs[0].value) == .scalar("no", .plain))
        #expect(tape.content(pairs[1].value) == .scalar("no", .singleQuoted))
        #expect(!tape.isStringTagged(pairs[1].value))
        #expect(tape.isStringTagged(pairs[2].value))
    }

    @Test func duplicateKeysAreReportedWithTheFirstPlace() throws {
        let document = Self.parse("a: 1\nb: 2\na: 3\n")
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.rule == "yaml-duplicate-key")
        #expect(diagnostic.span.start == SourcePosition(line: 3, column: 1))
        #expect(diagnostic.related.first?.span.start == SourcePosition(line: 1, column: 1))
        #expect(Self.pairs(document).map { document.tape?.scalar($0.value) } == ["1", "2"])
    }

    @Test(arguments: [3, 40])
    func duplicateKeysAreFoundInSmallAndLargeMappings(size: Int) throws {
        let text = (0..<size).map { "k\($0): \($0)\n" }.joined() + "k1: again\n"
        let document = Self.parse(text)
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.span.start.line == size + 1)
        #expect(diagnostic.related.first?.span.start.line == 2)
        #expect(Self.pairs(document).count == size)
    }

    @Test func mergeKeysBringInMissingKeysOnly() {
        let document = Self.parse("base: &b { x: 1, y: 2 }\nitem:\n  <<: *b\n  y: 3\n")
        let item = Self.pairs(document)[1].value
        let values = Self.pairs(item, in: document).map {
            "\(document.tape?.scalar($0.key) ?? "")=\(document.tape?.scalar($0.value) ?? "")"
        }
        #expect(document.diagnostics.isEmpty)
        #expect(values == ["y=3", "x=1"])
    }

    @Test func mergeKeysTakeAListOfMappingsAndTheFirstOneWins() throws {
        let document = Self.parse("a: &a { x: 1, y: 1 }\nb: &b { y: 2, z: 2 }\nitem:\n  <<: [*a, *b]\n  w: 0\n")
        let tape = try #require(document.tape)
        let item = Self.pairs(document)[2].value
        let values = Self.pairs(item, in: document).map { "\(tape.scalar($0.key) ?? "")=\(tape.scalar($0.value) ?? "")" }
        #expect(document.diagnostics.isEmpty)
        #expect(values == ["w=0", "x=1", "y=1", "z=2"])
        // A merged value keeps the key it was written under, for findings about it.
        let x = Self.pairs(item, in: document)[1].value
        #expect(tape.keySpan(x)?.start == SourcePosition(line: 1, column: 9))
    }

    @Test func aMergeOfAScalarIsAnOrdinaryKey() throws {
        let document = Self.parse("item:\n  <<: 1\n  <<: 2\n")
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.rule == "yaml-duplicate-key")
        #expect(diagnostic.span.start == SourcePosition(line: 3, column: 3))
    }

    @Test func anAliasedValueTakesTheKeyItIsWrittenUnder() throws {
        let document = Self.parse("a: &m { k: v }\nb: *m\nc: [*m]\n")
        let tape = try #require(document.tape)
        let pairs = Self.pairs(document)
        #expect(tape.keySpan(pairs[1].value) == tape.span(pairs[1].key))
        #expect(tape.span(pairs[1].value) == tape.span(pairs[0].value))
        guard case .sequence(let items) = tape.content(pairs[2].value) else {
            Issue.record("c is not a list")
            return
        }
        #expect(tape.keySpan(items[0]) == nil)
    }

    @Test func aMappingKeyMayBeACollection() throws {
        let document = Self.parse("? [a, b]\n: c\nd: e\n")
        let tape = try #require(document.tape)
        let pairs = Self.pairs(document)
        try #require(pairs.count == 2)
        #expect(tape.scalar(pairs[0].key) == nil && tape.kindDescription(pairs[0].key) == "a list")
        #expect(tape.scalar(pairs[1].key) == "d")
    }

    @Test func anAliasCannotReferToTheNodeThatContainsIt() throws {
        let document = Self.parse("a: &a [1, *a]\n")
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.rule == "yaml-alias")
        #expect(document.root == nil)
    }

    @Test func emptyInputHasNoRootAndNoFinding() {
        let document = Self.parse("# only a comment\n")
        #expect(document.root == nil)
        #expect(document.diagnostics.isEmpty)
    }

    @Test func countEventsDrainsTheStream() {
        #expect(YAMLParser.countEvents(Array("a: [1, 2]\n".utf8)) == 11)
        #expect(YAMLParser.countEvents(Array("a: [1, 2\n".utf8)) == nil)
    }

    @Test(arguments: [
        ("\u{FEFF}a: 1\n", true),
        ("a: \"unterminated\n", false),
        ("- a\nb: c\n", false),
        ("a: b: c\n", false),
        ("? [a]\n: b\n", true),
    ])
    func neverCrashes(text: String, valid: Bool) {
        let document = Self.parse(text)
        #expect(document.diagnostics.isEmpty == valid)
    }
}
