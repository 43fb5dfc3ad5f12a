import JSON
import Testing

/// JSON with positions: the strict reader's rules, each value's first byte, members in the order written, and
/// lines and columns that count scalars.
@Suite struct JSONNodeTests {
    @Test func valuesKeepTheirOffsetsAndMembersTheirOrder() throws {
        let text = "{ \"b\" : [1, \"x\"],\n  \"a\" : { \"n\" : null } }"
        let root = try JSONNode(reading: Array(text.utf8))
        #expect(root.members?.map(\.name) == ["b", "a"])
        #expect(root.members?.map(\.nameOffset) == [2, 20])
        #expect(root["b"]?.offset == 8)
        #expect(root["b"]?.elements?.map(\.offset) == [9, 12])
        #expect(root["b"]?.elements?[1].string == "x")
        #expect(root["a"]?["n"]?.isNull == true)
        #expect(root["missing"] == nil)
        #expect(root["b"]?["not an object"] == nil)
    }

    @Test func kindsAreNamedAsJSONValueNamesThem() throws {
        let root = try JSONNode(reading: Array(#"[null, true, 1.5, "s", [], {}]"#.utf8))
        #expect(root.elements?.map(\.kindName) == ["null", "true or false", "a number", "a string", "a list", "an object"])
        #expect(root.elements?[1].bool == true && root.elements?[2].number == 1.5)
    }

    @Test func theReaderIsAsStrictAsForPlainValues() {
        for text in [#"{"a": 1, "a": 2}"#, "[1,]", "{\"a\" : 1} x", String(repeating: "[", count: 65)] {
            #expect(throws: JSONSyntaxError.self) { try JSONNode(reading: Array(text.utf8)) }
            #expect(throws: JSONSyntaxError.self) { try JSONValue(reading: Array(text.utf8)) }
        }
    }

    @Test func linesAndColumnsCountScalars() {
        let table = JSONLineTable(Array("ab\n한국어 x\n\n".utf8))
        #expect(table.position(of: 0) == (1, 1))
        #expect(table.position(of: 3) == (2, 1))
        #expect(table.position(of: 13) == (2, 5))
        #expect(table.position(of: 15) == (3, 1))
        #expect(table.position(of: 99) == (4, 1))
    }
}
