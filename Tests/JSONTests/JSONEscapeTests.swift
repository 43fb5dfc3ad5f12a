import JSON
import Testing

/// One escape decoder: `JSONValue` and `JSONNode` read every escape, good or bad, to the same text or the same
/// error, and that is what `JSONEscape.decode` gives.
@Suite struct JSONEscapeTests {
    /// An escape as written in a string literal, and its text or the failure `JSONEscape` reports.
    struct EscapeCase: Sendable, CustomTestStringConvertible {
        var escape: String
        var decoded: Result<String, JSONEscape.Failure>

        init(_ escape: String, _ text: String) {
            self.escape = escape
            decoded = .success(text)
        }

        init(_ escape: String, failure: JSONEscape.Failure) {
            self.escape = escape
            decoded = .failure(failure)
        }

        var testDescription: String { escape }
    }

    static let cases: [EscapeCase] = [
        EscapeCase(#"\""#, "\""), EscapeCase(#"\\"#, "\\"), EscapeCase(#"\/"#, "/"), EscapeCase(#"\b"#, "\u{08}"),
        EscapeCase(#"\f"#, "\u{0C}"), EscapeCase(#"\n"#, "\n"), EscapeCase(#"\r"#, "\r"), EscapeCase(#"\t"#, "\t"),
        EscapeCase(#"\u0000"#, "\u{0}"), EscapeCase(#"\u001f"#, "\u{1F}"), EscapeCase(#"\u00e9"#, "é"),
        EscapeCase(#"\u00E9"#, "é"), EscapeCase(#"\uFFFF"#, "\u{FFFF}"), EscapeCase(#"\ud7ff"#, "\u{D7FF}"),
        EscapeCase(#"\ue000"#, "\u{E000}"), EscapeCase(#"\ud83d\ude00"#, "😀"), EscapeCase(#"\uD800\uDC00"#, "\u{10000}"),
        EscapeCase(#"\udbff\udfff"#, "\u{10FFFF}"),
        // Offsets count from the backslash, at 0.
        EscapeCase(#"\q"#, failure: .unknown), EscapeCase(#"\U0041"#, failure: .unknown),
        EscapeCase(#"\x41"#, failure: .unknown), EscapeCase(#"\'"#, failure: .unknown),
        EscapeCase(#"\u12"#, failure: .hexDigits(escapeAt: 0)), EscapeCase(#"\u12g4"#, failure: .hexDigits(escapeAt: 0)),
        EscapeCase(#"\u+041"#, failure: .hexDigits(escapeAt: 0)), EscapeCase(#"\u-000"#, failure: .hexDigits(escapeAt: 0)),
        EscapeCase(#"\ud800"#, failure: .unpairedHigh), EscapeCase(#"\ud800x"#, failure: .unpairedHigh),
        EscapeCase(#"\ud800\n"#, failure: .unpairedHigh), EscapeCase(#"\udc00"#, failure: .unpairedLow),
        EscapeCase(#"\udfff\ud800"#, failure: .unpairedLow), EscapeCase(#"\ud800\u0041"#, failure: .notLow(escapeAt: 6)),
        EscapeCase(#"\ud800\ud800"#, failure: .notLow(escapeAt: 6)),
        EscapeCase(#"\ud800\u00"#, failure: .hexDigits(escapeAt: 6)),
    ]

    /// What a reader makes of a string literal holding `escape` between `a` and `b`: its text or its error.
    static func read(_ escape: String, with reader: ([UInt8]) throws(JSONSyntaxError) -> String?) -> String {
        do {
            return try reader(Array("\"a\(escape)b\"".utf8)).map { "text \($0.debugDescription)" } ?? "not a string"
        } catch {
            return "error \(error)"
        }
    }

    @Test(arguments: cases)
    func bothReadersDecodeTheEscapeAlike(_ testCase: EscapeCase) {
        let plain = Self.read(testCase.escape) { bytes throws(JSONSyntaxError) in try JSONValue(reading: bytes).string }
        let located = Self.read(testCase.escape) { bytes throws(JSONSyntaxError) in try JSONNode(reading: bytes).string }
        #expect(plain == located)
        if case .success(let text) = testCase.decoded {
            #expect(plain == "text \("a\(text)b".debugDescription)")
        } else {
            #expect(plain.hasPrefix("error bad JSON at line 1, column "))
        }
    }

    @Test(arguments: cases)
    func theDecoderStepsOverTheWholeEscape(_ testCase: EscapeCase) {
        let bytes = Array(testCase.escape.utf8)
        var index = 0
        let decoded = Result { () throws(JSONEscape.Failure) -> String in
            try bytes.withUnsafeBufferPointer { buffer throws(JSONEscape.Failure) in
                String(try JSONEscape.decode(buffer, at: &index))
            }
        }
        #expect(decoded == testCase.decoded)
        if case .success = decoded { #expect(index == bytes.count) }
    }

    @Test func aBackslashAtTheEndIsUnfinished() {
        let bytes = Array(#"a\"#.utf8)
        var index = 1
        #expect(throws: JSONEscape.Failure.unfinished) {
            try bytes.withUnsafeBufferPointer { buffer throws(JSONEscape.Failure) in
                try JSONEscape.decode(buffer, at: &index)
            }
        }
    }
}
