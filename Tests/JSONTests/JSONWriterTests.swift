import JSON
import Testing

/// The writer's two formats: compact, as `JSONEncoder` writes with sorted keys and unescaped slashes, and
/// Foundation's pretty format, as `JSONSerialization` writes with `.prettyPrinted` and `.sortedKeys` on Apple
/// platforms (and so Xcode).
@Suite struct JSONWriterTests {
    static let document = JSONValue.object([
        "b": .array([.number(1), .number(2.5), .string("a/b"), .null, .bool(true)]),
        "A": .object([:]),
        "_c": .array([]),
        "_C": .object(["x": .array([.object(["y": .bool(false)])])]),
        "d": .string("line\nbreak \"quoted\" \\ é"),
    ])

    static func written(_ value: JSONValue, format: JSONWriter.Format) -> String {
        var writer = JSONWriter(format: format)
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func compactHasNoWhitespaceAndSortsNamesByCodePoint() {
        #expect(Self.written(Self.document, format: .compact)
            == #"{"A":{},"_C":{"x":[{"y":false}]},"_c":[],"b":[1,2.5,"a/b",null,true],"d":"line\nbreak \"quoted\" \\ é"}"#)
        #expect(Self.document.jsonBytes == Array(Self.written(Self.document, format: .compact).utf8))
    }

    @Test func thePrettyFormatIsFoundations() {
        let expected = """
            {
              "_C" : {
                "x" : [
                  {
                    "y" : false
                  }
                ]
              },
              "_c" : [

              ],
              "A" : {

              },
              "b" : [
                1,
                2.5,
                "a\\/b",
                null,
                true
              ],
              "d" : "line\\nbreak \\"quoted\\" \\\\ é"
            }
            """
        #expect(Self.written(Self.document, format: .foundationPretty) == expected)
    }

    @Test func wholeNumbersAreWrittenWithoutAFraction() {
        let numbers = JSONValue.array([.number(3), .number(-0.0), .number(0.25), .number(9_007_199_254_740_992),
                                       .number(.infinity)])
        #expect(Self.written(numbers, format: .compact) == "[3,0,0.25,9007199254740992.0,null]")
    }

    @Test func membersAreWrittenInTheOrderGiven() {
        for format in [JSONWriter.Format.compact, .foundationPretty] {
            var writer = JSONWriter(format: format)
            writer.object { members in
                members.member("z") { $0.integer(1) }
                members.member("a") { $0.optionalString(nil) }
            }
            let text = String(decoding: writer.bytes, as: UTF8.self)
            #expect(text == (format == .compact ? #"{"z":1,"a":null}"# : "{\n  \"z\" : 1,\n  \"a\" : null\n}"))
        }
    }
}
