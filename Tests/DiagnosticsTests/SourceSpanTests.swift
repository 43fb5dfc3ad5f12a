import Diagnostics
import Foundation
import Testing

/// Spans name interned files and keep compact positions, yet read and encode exactly as paths and integers.
@Suite struct SourceSpanTests {
    @Test func aPathIsInternedOnceAndReadBack() {
        let first = SourceFileID("Policies/a.yaml")
        #expect(SourceFileID("Policies/a.yaml") == first)
        #expect(SourceFileID("Policies/b.yaml") != first)
        #expect(first.path == "Policies/a.yaml")
        #expect(SourceFileID("").path == "")
    }

    @Test func aSpanReadsItsFileAndEqualsOneBuiltFromTheId() {
        let start = SourcePosition(line: 3, column: 7)
        let end = SourcePosition(line: 3, column: 12)
        let span = SourceSpan(file: "Templates/app/ko.yaml", start: start, end: end)
        #expect(span.file == "Templates/app/ko.yaml")
        #expect(span == SourceSpan(fileID: SourceFileID("Templates/app/ko.yaml"), start: start, end: end))
        #expect(span != SourceSpan(file: "Templates/app/ja.yaml", start: start, end: end))
        #expect(Set([span, span]).count == 1)
    }

    @Test func positionsKeepTheirIntegerValuesAndOrder() {
        var position = SourcePosition(line: 4_000_000, column: 1)
        position.column += 41
        #expect(position.line == 4_000_000 && position.column == 42)
        #expect(SourcePosition(line: 1, column: 9) < SourcePosition(line: 2, column: 1))
        #expect(SourcePosition(line: 2, column: 1) < SourcePosition(line: 2, column: 2))
    }

    @Test func aSpanEncodesAsAPathAndTwoPositions() throws {
        let span = SourceSpan(file: "Policies/a.yaml", start: SourcePosition(line: 2, column: 5),
                              end: SourcePosition(line: 2, column: 9))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(span), as: UTF8.self)
        #expect(json == #"{"end":{"column":9,"line":2},"file":"Policies/a.yaml","start":{"column":5,"line":2}}"#)
        #expect(try JSONDecoder().decode(SourceSpan.self, from: Data(json.utf8)) == span)
    }

    @Test func aScalarSourceMapsAValueOnlyInItsOwnFile() {
        let bytes = Array("a: 'x''y'\r\nb: z\n".utf8)
        let fileID = SourceFileID("t.yaml")
        let source = ScalarSource(text: SourceText(bytes, fileID: fileID), style: .singleQuoted)
        let span = SourceSpan(fileID: fileID, start: SourcePosition(line: 1, column: 4),
                              end: SourcePosition(line: 1, column: 10))
        let map = source.sourceMap(of: "x'y", at: span)
        #expect(map?.span(of: 2..<3)?.start == SourcePosition(line: 1, column: 8))
        #expect(map?.span(of: 1..<2) == SourceSpan(fileID: fileID, start: SourcePosition(line: 1, column: 6),
                                                   end: SourcePosition(line: 1, column: 8)))
        #expect(source.sourceMap(of: "x'y", at: SourceSpan(file: "other.yaml", start: span.start, end: span.end)) == nil)
    }
}
