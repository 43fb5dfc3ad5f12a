import MessageFormat
import Testing

@Suite("MessagePattern.variables")
struct MessageVariablesTests {
    @Test("lists every name in source order, nested ones included, with the name's range")
    func nestedNamesInOrder() throws {
        let text = "{gender, select, female {{n, plural, one {{name} and #} other {{count, number}}}} other {{name}}}"
        let uses = try MessageParser.parse(text).variables
        #expect(
            uses == [
                VariableUse(name: "gender", range: 1..<7),
                VariableUse(name: "n", range: 26..<27),
                VariableUse(name: "name", range: 43..<47),
                VariableUse(name: "count", range: 64..<69),
                VariableUse(name: "name", range: 90..<94),
            ])
    }

    @Test("ranges select the names in the text")
    func rangesMatchText() throws {
        let text = "{trial_period} 무료 체험 후 {price}/{ period }"
        let scalars = Array(text.unicodeScalars)
        let names = try MessageParser.parse(text).variables.map { use in
            String(String.UnicodeScalarView(scalars[use.range]))
        }
        #expect(names == ["trial_period", "price", "period"])
    }

    @Test("text and pounds contribute no variables")
    func noVariables() throws {
        #expect(try MessageParser.parse("plain '{text}' #").variables.isEmpty)
        #expect(try MessageParser.parse("{n, plural, other {#}}").variables == [VariableUse(name: "n", range: 1..<2)])
    }
}
