@testable import CatalogConversion
import Testing

/// Values the import writes read back as the same strings.
@Suite struct YAMLTextTests {
    @Test(arguments: ["premium", "com.example.app.pro", "P1M", "en-GB", "a_b"])
    func safeIdentifiersArePlain(text: String) {
        #expect(YAMLText.scalar(text) == text)
    }

    @Test(arguments: ["no", "Yes", "off", "NULL", "y", "100", "1.5", "", "a b", "a: b", "#x", "-x", "é", "[x]"])
    func everythingElseIsQuoted(text: String) {
        #expect(YAMLText.scalar(text).hasPrefix("\""))
    }

    @Test func escapesAreJSONCompatible() {
        #expect(YAMLText.quoted("a\"b\\c\nd\u{7F}\u{2028}é") == #""a\"b\\c\nd\u007F\u2028é""#)
    }
}
