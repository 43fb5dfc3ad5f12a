import Diagnostics
import PolicyLoader
import PolicyModel
import Testing

/// `app.apple_id` is kept as written, and `customers:` defaults to transferring restored purchases.
@Suite struct CustomerSettingsLoaderTests {
    static func load(app extra: String = "", _ body: String = "") throws -> Policy {
        let text = """
            format: tollgate/v1
            app:
              id: demo
              name: Demo
              default_locale: en
              locales: [en]
            \(extra)

            """ + body
        let loaded = PolicyLoader.load(Array(text.utf8), file: "Policies/demo.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        return try #require(loaded.value)
    }

    @Test func aPolicyWithoutCustomersTransfersRestoredPurchases() throws {
        let policy = try Self.load()
        #expect(policy.customers.restore == .transfer)
        #expect(policy.app.appleID == nil)
    }

    @Test(arguments: [("transfer", RestoreMode.transfer), ("keep", .keep)])
    func restoreIsRead(_ text: String, _ mode: RestoreMode) throws {
        let policy = try Self.load("customers:\n  restore: \(text)\n")
        #expect(policy.customers.restore == mode)
        #expect(policy.customers.restoreSetting.span.start.line == 9)
    }

    @Test func anEmptyCustomersSectionTransfers() throws {
        #expect(try Self.load("customers: {}\n").customers.restore == .transfer)
    }

    @Test(arguments: [
        ("1234567890", false, 1_234_567_890), ("\"1234567890\"", true, nil), ("0", false, nil), ("-5", false, nil),
        ("12.5", false, nil), ("1e9", false, nil), ("0012", false, nil), ("99999999999999999999", false, nil),
        (String(Int64.max), false, Int64.max),
    ] as [(String, Bool, Int64?)])
    func appleIDIsKeptAsWritten(_ written: String, _ quoted: Bool, _ number: Int64?) throws {
        let appleID = try #require(try Self.load(app: "  apple_id: \(written)").app.appleID)
        #expect(appleID.value.isQuoted == quoted)
        #expect(appleID.value.number == number)
        #expect(appleID.span.start.line == 7 && appleID.span.start.column == 13)
    }
}
