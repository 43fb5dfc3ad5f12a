@testable import PolicyValidation
import Diagnostics
import Foundation
import Testing

@Suite("invalid-apple-id, apple-id-without-bundle-id")
struct AppleIDRulesTests {
    static func policy(appleID: String, bundleID: Bool = true) -> String {
        ModelRuleSources.policy("").replacingOccurrences(
            of: "  name: Demo\n",
            with: "  name: Demo\n" + (bundleID ? "  bundle_id: com.example.demo\n" : "") + "  apple_id: \(appleID)\n")
    }

    static func findings(_ appleID: String) throws -> [(message: String, help: String?, column: Int)] {
        try InvalidAppleIDRule().check(ModelRuleSources.load(Self.policy(appleID: appleID))).map {
            ($0.message, $0.help, $0.span.start.column)
        }
    }

    @Test(arguments: ["1234567890", "1", String(Int64.max)])
    func aPositiveWholeNumberIsAnAppleID(_ appleID: String) throws {
        #expect(try Self.findings(appleID).isEmpty)
    }

    static let help = "copy the Apple ID from App Store Connect (App Information), or leave 'apple_id' out"

    @Test(arguments: [
        ("\"1234567890\"", "apple_id \"1234567890\" is quoted, which makes it a string; expected a whole number",
         "write 1234567890, without quotes"),
        ("abc", "apple_id 'abc' is not a whole number; expected a positive whole number such as 1234567890", help),
        ("0", "apple_id '0' is zero; expected a positive whole number such as 1234567890", help),
        ("-42", "apple_id '-42' is negative; expected a positive whole number such as 1234567890", help),
        ("12.5", "apple_id '12.5' is not a whole number; expected a positive whole number such as 1234567890", help),
        ("1e9", "apple_id '1e9' is not a whole number; expected a positive whole number such as 1234567890", help),
        ("9223372036854775808",
         "apple_id '9223372036854775808' does not fit in 64 bits; expected a positive whole number such as 1234567890",
         help),
        ("00123", "apple_id 00123 starts with 0; expected a whole number such as 1234567890", "write 123"),
    ] as [(String, String, String)])
    func anythingElseIsAnErrorAtTheValue(_ appleID: String, _ message: String, _ help: String) throws {
        let findings = try Self.findings(appleID)
        #expect(findings.map(\.message) == [message])
        #expect(findings.map(\.help) == [help])
        #expect(findings.map(\.column) == [13])
    }

    @Test func anAppleIDWithoutABundleIDIsAWarning() throws {
        let without = try ModelRuleSources.load(Self.policy(appleID: "1234567890", bundleID: false))
        #expect(AppleIDWithoutBundleIDRule().check(without).map(\.severity) == [.warning])
        let with = try ModelRuleSources.load(Self.policy(appleID: "1234567890"))
        #expect(AppleIDWithoutBundleIDRule().check(with).isEmpty)
    }
}
