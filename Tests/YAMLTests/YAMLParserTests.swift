import Diagnostics
import Testing
import YAML

/// The node tree keeps 1-based spans on every node and the YAML rules libyaml leaves to callers.
@Suite struct YAMLParserTests {
    static func parse(_ text: String) -> YAMLDocument {
        YAMLParser.parse(Array(text.utf8), file: "t.yaml")
    }

    static func pairs(_ node: Node?) -> [Node.Pair] {
        if case .mapping(let pairs) = node?.content { return pairs }
        return []
    }

    @Test func spansAreOneBasedAndCountCharacters() throws {
        let document = Self.parse("title: 프리미엄\nprice: \"{price}\"\n")
        let pairs = Self.pairs(document.root)
        #expect(pairs.count == 2)
        #expect(pairs[0].value.span.start == SourcePosition(line: 1, column: 8))
        #expect(pairs[0].value.span.end == SourcePosition(line: 1, column: 12))
        #expect(pairs[1].key.span.start == SourcePosition(line: 2, column: 1))
        #expect(pairs[1].value.content == .scalar("{price}", .doubleQuoted))
    }

    @Test func plainAndQuotedScalarsKeepTheirStyleAndTags() {
        let pairs = Self.pairs(Self.parse("a: no\nb: 'no'\nc: !!str no\n").root)
        #expect(pairs[0].value.content == .scalar("no", .plain))
        #expect(pairs[1].value.content == .scalar("no", .singleQuoted))
        #expect(pairs[2].value.tag == YAMLScalar.stringTag)
    }

    @Test func duplicateKeysAreReportedWithTheFirstPlace() throws {
        let document = Self.parse("a: 1\nb: 2\na: 3\n")
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.rule == "yaml-duplicate-key")
        #expect(diagnostic.span.start == SourcePosition(line: 3, column: 1))
        #expect(diagnostic.related.first?.span.start == SourcePosition(line: 1, column: 1))
        #expect(Self.pairs(document.root).map { $0.value.scalar } == ["1", "2"])
    }

    @Test(arguments: [3, 40])
    func duplicateKeysAreFoundInSmallAndLargeMappings(size: Int) throws {
        let text = (0..<size).map { "k\($0): \($0)\n" }.joined() + "k1: again\n"
        let document = Self.parse(text)
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.span.start.line == size + 1)
        #expect(diagnostic.related.first?.span.start.line == 2)
        #expect(Self.pairs(document.root).count == size)
    }

    @Test func mergeKeysBringInMissingKeysOnly() {
        let document = Self.parse("base: &b { x: 1, y: 2 }\nitem:\n  <<: *b\n  y: 3\n")
        let item = Self.pairs(document.root)[1].value
        let values = Self.pairs(item).map { "\($0.key.scalar ?? "")=\($0.value.scalar ?? "")" }
        #expect(document.diagnostics.isEmpty)
        #expect(values == ["y=3", "x=1"])
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
