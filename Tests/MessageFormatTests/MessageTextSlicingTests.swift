import MessageFormat
import Testing

/// Literal text and names are cut from the message's UTF-8 by scalar positions; these pin the positions
/// where scalars take one to four bytes and where quoting drops scalars.
@Suite("MessageParser: text and names of non-ASCII messages")
struct MessageTextSlicingTests {
    @Test("text around an argument, and quoted text, keep their scalars and their message positions")
    func nonASCIITextAndQuoting() throws {
        let pattern = try MessageParser.parse("größe {名前} kostet '{'€'}' jetzt 🎉")
        var texts: [MessageText] = []
        for part in pattern.parts {
            if case .text(let text) = part { texts.append(text) }
        }
        #expect(texts.map(\.value) == ["größe ", " kostet {€} jetzt 🎉"])
        #expect(pattern.variables == [VariableUse(name: "名前", range: 7..<9)])
        #expect(texts.first?.messageRange(of: 2..<4) == 2..<4)
        #expect(texts.last?.messageRange(of: 8..<11) == 19..<24)
        #expect(texts.last?.messageRange(of: 17..<18) == 31..<32)
    }

    @Test("a plural's name and cases in a non-ASCII message")
    func nonASCIIPlural() throws {
        let pattern = try MessageParser.parse("{n, plural, one {# Monat für {preis}} other {# Monate}} ✓")
        guard case .plural(let plural) = pattern.parts.first else {
            Issue.record("no plural first: \(pattern.parts)")
            return
        }
        #expect(plural.name == "n")
        #expect(plural.cases.count == 2)
        #expect(pattern.variables.map(\.name) == ["n", "preis"])
        #expect(pattern.parts.count == 2)
        if case .text(let text) = pattern.parts.last {
            #expect(text.value == " ✓")
            #expect(text.messageRange(of: 0..<2) == 55..<57)
        }
    }
}
