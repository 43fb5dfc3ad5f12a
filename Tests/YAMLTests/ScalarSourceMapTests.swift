import Diagnostics
import Testing
import YAML

/// A scalar's source map leads each character of its value back to where the file has it.
@Suite struct ScalarSourceMapTests {
    /// Documents in every scalar style, whose every scalar must be read back.
    static let documents = [
        "a: plain text\n",
        "a: plain\n  over lines\n\n  and a blank\n",
        "a: 'it''s\n  folded'\n",
        "a: \"esc \\\"q\\\" \\u00e9 \\x41 \\t end\"\n",
        "a: \"joined \\\n   line\"\n",
        "a: |\n  literal\n   more\n\n  last\nb: x\n",
        "a: >\n  folded\n  text\n\n   indented\n  back\n",
        "a: |-\n  strip\n",
        "a: |+\n  keep\n\n",
        "a:\n  b: >-\n    nested\n    block\n  c: d\n",
        "a: \"프리미엄 {price}\"\n",
        "a: [x, 'y', \"z\"]\n",
        "- |\n  item\n- >\n  other\n",
        "\u{FEFF}a: bom\n",
        "a: x\r\nb: 'y'\r\n",
    ]

    @Test(arguments: documents)
    func everyScalarIsReadBack(_ text: String) {
        let failures = Self.check(text, requireMaps: true)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("a deleted or inserted character never breaks the map", arguments: documents)
    func mutationsKeepTheMapTrue(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        let inserted: [Unicode.Scalar] = ["\"", "'", "\\", "\n", " ", "|", ">", "#", "\t"]
        var variants: [String] = []
        for index in scalars.indices {
            var deleted = scalars
            deleted.remove(at: index)
            variants.append(String(String.UnicodeScalarView(deleted)))
            for scalar in inserted {
                var longer = scalars
                longer.insert(scalar, at: index)
                variants.append(String(String.UnicodeScalarView(longer)))
            }
        }
        let failures = variants.flatMap { Self.check($0, requireMaps: false) }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// What is wrong with the maps of the document's scalars: a verbatim character the file does not
    /// have at its position, a place outside the scalar, or (when required) a scalar without a map.
    static func check(_ text: String, requireMaps: Bool) -> [String] {
        let bytes = Array(text.utf8)
        let document = YAMLParser.parse(bytes, file: "t.yaml")
        guard let tape = document.tape else { return [] }
        let source = SourceText(bytes, fileID: tape.fileID)
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        var failures: [String] = []
        for node in scalars(document.root, in: tape) {
            guard let value = tape.scalar(node), !value.isEmpty else { continue }
            let scalarSpan = tape.span(node)
            guard let map = tape.scalarSource(node, in: source)?.sourceMap(of: value, at: scalarSpan) else {
                if requireMaps { failures.append("no map for \(value.debugDescription) in \(text.debugDescription)") }
                continue
            }
            for (offset, scalar) in value.unicodeScalars.enumerated() {
                guard let span = map.span(of: offset..<offset + 1) else {
                    failures.append("no span at \(offset) of \(value.debugDescription)")
                    continue
                }
                guard scalarSpan.start <= span.start, span.end <= scalarSpan.end else {
                    failures.append("\(offset) of \(value.debugDescription) outside \(scalarSpan): \(span)")
                    continue
                }
                let isVerbatim = span.start.line == span.end.line && span.end.column == span.start.column + 1
                guard isVerbatim else { continue }
                var line = lines[span.start.line - 1]
                if span.start.line == 1, line.first == "\u{FEFF}" { line.removeFirst() }
                if line[span.start.column - 1] != scalar {
                    failures.append("\(offset) of \(value.debugDescription) is not at \(span) in \(text.debugDescription)")
                }
            }
        }
        return failures
    }

    /// Every scalar of the document, keys included.
    static func scalars(_ node: Node?, in tape: YAMLTape) -> [Node] {
        guard let node else { return [] }
        switch tape.content(node) {
        case .scalar: return [node]
        case .sequence(let items): return items.flatMap { scalars($0, in: tape) }
        case .mapping(let pairs): return pairs.flatMap { scalars($0.key, in: tape) + scalars($0.value, in: tape) }
        }
    }
}
