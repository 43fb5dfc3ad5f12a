import Foundation
@testable import JSON
import Testing
import TestSupport

/// A JSON text that must be refused, and the exact error.
struct JSONSyntaxCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var error: String

    init(_ name: String, _ text: String, _ error: String) {
        self.init(name, bytes: Array(text.utf8), error)
    }

    init(_ name: String, bytes: [UInt8], _ error: String) {
        self.name = name
        self.bytes = bytes
        self.error = error
    }

    var testDescription: String { name }
}

@Suite("JSONValue(reading:): strict RFC 8259 with positions")
struct JSONValueReadingTests {
    static func read(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONValue(reading: Array(text.utf8))
    }

    @Test("values of every kind, whitespace, escapes and numbers", arguments: [
        ("{}", JSONValue.object([:])),
        (" [ ] ", .array([])),
        (" \t\r\n{\"a\" : [1, -2.5e3, true, false, null, \"x\"]}\n",
         .object(["a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null, .string("x")])])),
        (#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#, .string("\"\\/\u{8}\u{C}\n\r\té😀")),
        (#""héllo 😀""#, .string("héllo 😀")),
        ("0", .number(0)), ("-0", .number(0)), ("1E+2", .number(100)), ("1e-2", .number(0.01)), ("10.25", .number(10.25)),
        ("\"\"", .string("")), ("null", .null),
        (#"{"a":{"b":{"c":[[]]}},"d":"e"}"#, .object(["a": .object(["b": .object(["c": .array([.array([])])])]),
                                                     "d": .string("e")])),
    ])
    func values(_ text: String, _ expected: JSONValue) throws {
        #expect(try Self.read(text) == expected)
    }

    static let errors: [JSONSyntaxCase] = [
        JSONSyntaxCase("empty", "", "line 1, column 1: expected a value, found the end of the text"),
        JSONSyntaxCase("only whitespace", " \n ", "line 2, column 2: expected a value, found the end of the text"),
        JSONSyntaxCase("a trailing comma in an object", #"{"a":1,}"#,
                       "line 1, column 8: expected a member name in double quotes, found '}'"),
        JSONSyntaxCase("a trailing comma in a list", "[1,]", "line 1, column 4: expected a value, found ']'"),
        JSONSyntaxCase("a missing comma in a list", "[1 2]", "line 1, column 4: expected ',' or ']', found '2'"),
        JSONSyntaxCase("a missing colon", #"{"a" 1}"#, "line 1, column 6: expected ':' after the member name, found '1'"),
        JSONSyntaxCase("a missing comma in an object", #"{"a":1 "b":2}"#,
                       #"line 1, column 8: expected ',' or '}', found '\"'"#),
        JSONSyntaxCase("an unquoted name", "{a:1}", "line 1, column 2: expected a member name in double quotes, found 'a'"),
        JSONSyntaxCase("a single-quoted string", "['a']", #"line 1, column 2: expected a value, found '\''"#),
        JSONSyntaxCase("an unclosed object", #"{"a":1"#, "line 1, column 7: expected ',' or '}', found the end of the text"),
        JSONSyntaxCase("an unclosed string", #"["abc"#, #"line 1, column 2: the string is not closed; end it with '"'"#),
        JSONSyntaxCase("a raw control character", "\"a\u{1}b\"",
                       #"line 1, column 3: control character U+0001 in a string; write it as an escape such as \n or \u0000"#),
        JSONSyntaxCase("a raw newline in a string", "\"a\nb\"",
                       #"line 1, column 3: control character U+000A in a string; write it as an escape such as \n or \u0000"#),
        JSONSyntaxCase("an unknown escape", #""\q""#,
                       #"line 1, column 2: unknown escape; use \" \\ \/ \b \f \n \r \t or \u and four hex digits"#),
        JSONSyntaxCase("a short \\u escape", #""\u12""#, #"line 1, column 2: \u needs four hex digits"#),
        JSONSyntaxCase("a lone high surrogate", #""\ud800""#,
                       "line 1, column 2: a high surrogate escape must be followed by a low one"),
        JSONSyntaxCase("a lone low surrogate", #""\udc00""#, "line 1, column 2: a low surrogate escape must follow a high one"),
        JSONSyntaxCase("a high surrogate before a non-surrogate", #""\ud800\u0041""#,
                       #"line 1, column 8: expected a low surrogate escape (\uDC00 to \uDFFF)"#),
        JSONSyntaxCase("a leading zero", "[01]", "line 1, column 2: a number other than 0 cannot start with 0"),
        JSONSyntaxCase("a fraction without digits", "1.", "line 1, column 3: expected a digit, found the end of the text"),
        JSONSyntaxCase("a lone minus", "-x", "line 1, column 2: expected a digit, found 'x'"),
        JSONSyntaxCase("a plus sign", "+1", "line 1, column 1: expected a value, found '+'"),
        JSONSyntaxCase("a number out of range", "1e400", "line 1, column 1: the number is out of range"),
        JSONSyntaxCase("a misspelled literal", "[tru]", "line 1, column 2: expected a value, found 't'"),
        JSONSyntaxCase("a capitalised literal", "True", "line 1, column 1: expected a value, found 'T'"),
        JSONSyntaxCase("text after the value", "{} x", "line 1, column 4: expected the end of the text after the value, found 'x'"),
        JSONSyntaxCase("two values", "1 2", "line 1, column 3: expected the end of the text after the value, found '2'"),
        JSONSyntaxCase("a comment", "{} // note", "line 1, column 4: expected the end of the text after the value, found '/'"),
        JSONSyntaxCase("a duplicate member", #"{"a":1,"a":2}"#, "line 1, column 8: duplicate member 'a'; give each name once"),
        JSONSyntaxCase("invalid UTF-8 in a string", bytes: [0x22, 0x61, 0xC3, 0x28, 0x22],
                       "line 1, column 2: the string is not valid UTF-8"),
        JSONSyntaxCase("a byte order mark", bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D],
                       "line 1, column 1: expected a value, found '\u{FEFF}'"),
        JSONSyntaxCase("columns count characters, not bytes", "{\n  \"été\": x}",
                       "line 2, column 10: expected a value, found 'x'"),
        JSONSyntaxCase("nesting one level too deep", String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
                       "line 1, column 65: nesting deeper than 64 lists and objects, found '['"),
    ]

    @Test("malformed text is refused with its line, column and what is wrong", arguments: errors)
    func malformed(_ testCase: JSONSyntaxCase) {
        #expect(throws: (any Error).self) { try JSONValue(reading: testCase.bytes) }
        do {
            _ = try JSONValue(reading: testCase.bytes)
        } catch {
            #expect(error.description == "bad JSON at " + testCase.error)
        }
    }

    @Test("64 levels of nesting read; 64 KiB of open brackets are refused without exhausting the stack")
    func depthLimit() throws {
        let deepest = String(repeating: "[", count: JSONValue.maxDepth) + String(repeating: "]", count: JSONValue.maxDepth)
        _ = try Self.read(deepest)
        let hostile = String(repeating: "[", count: 64 * 1024)
        #expect(throws: JSONSyntaxError(line: 1, column: 65, problem: "nesting deeper than 64 lists and objects, found '['")) {
            try Self.read(hostile)
        }
    }

    /// Seeded mutations of real documents: whatever Foundation's JSONSerialization refuses is refused too, and the
    /// other way round, except for what this reader refuses on purpose (duplicate names, deep nesting).
    @Test("mutated documents are accepted exactly when JSONSerialization accepts them")
    func agreesWithJSONSerialization() {
        let seeds = [
            #"{"entitlements":[{"product":"com.example.a","state":"active","expires":"2030-01-01T00:00:00Z"}],"synced":true}"#,
            #"{"context":{"app":"photocollage","entitlements":["p","q"],"consent":"granted","n":-12.5e-3}}"#,
            #"[1, 2.0, -0, 1e5, "a\"b", "\u00e9\ud83d\ude00", null, true, false, {}, []]"#,
        ]
        let alphabet = Array(#"{}[],:"\ -+.0123456789eEtrufalsn/bu"#.utf8) + [0x00, 0x0A, 0x1F, 0x7F, 0xC3, 0xA9, 0xFF]
        var random = SplitMix64(seed: 7159)
        var checked = 0
        for seed in seeds {
            for _ in 0..<700 {
                var bytes = Array(seed.utf8)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes.remove(at: index)
                    case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: index)
                    default: bytes[index] = alphabet.randomElement(using: &random)!
                    }
                    if bytes.isEmpty { bytes = [0x20] }
                }
                let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
                do {
                    _ = try JSONValue(reading: bytes)
                    #expect(foundation, "read, but JSONSerialization refuses: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                } catch {
                    guard !error.problem.hasPrefix("duplicate member") else { continue }
                    #expect(!foundation, "refused (\(error)), but JSONSerialization reads: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
                checked += 1
            }
        }
        #expect(checked > 2_000)
    }
}
