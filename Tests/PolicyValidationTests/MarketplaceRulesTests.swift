@testable import PolicyValidation
import Diagnostics
import Foundation
import PolicyModel
import Testing
import TollgateEvaluation

/// Google Play base plans as policy products (`<productId>:<basePlanId>`), and which stores sell a product.
@Suite("product-id-format for base plans, product-store-undeclared")
struct MarketplaceRulesTests {
    static func product(_ id: String, stores: String? = nil) -> String {
        "products:\n  - { id: \"\(id)\", type: auto-renewable\(stores.map { ", stores: \($0)" } ?? "") }\n"
    }

    static func app(bundleID: Bool, packageName: Bool) -> String {
        (bundleID ? "  bundle_id: com.example.demo\n" : "") + (packageName ? "  package_name: com.example.demo\n" : "")
    }

    /// The policy of `body` with the app's store keys spliced in after its name.
    static func policy(_ body: String, bundleID: Bool, packageName: Bool) -> String {
        ModelRuleSources.policy(body).replacingOccurrences(
            of: "  name: Demo\n", with: "  name: Demo\n" + app(bundleID: bundleID, packageName: packageName))
    }

    @Test(arguments: ["premium:monthly", "com.example.premium:p1y-intro", "9_lives.pro:a"])
    func validBasePlan(_ id: String) throws {
        let app = try ModelRuleSources.load(Self.policy(Self.product(id), bundleID: false, packageName: true))
        #expect(ProductIDFormatRule().check(app).isEmpty)
    }

    @Test(arguments: [
        ("Premium:monthly", ["product id 'Premium' of base plan 'Premium:monthly' is not a Google Play product id: 1 to "
                                + "40 lowercase letters, digits, '_' and '.', starting with a letter or digit"]),
        ("premium:Monthly_1", ["base plan id 'Monthly_1' of 'premium:Monthly_1' is not a Google Play base plan id: 1 to "
                                  + "63 lowercase letters, digits and '-', starting with a letter or digit"]),
        ("premium:", ["base plan id '' of 'premium:' is not a Google Play base plan id: 1 to 63 lowercase letters, "
                         + "digits and '-', starting with a letter or digit"]),
        ("a:b:c", ["product id 'a:b:c' has 2 colons; a Google Play base plan is '<productId>:<basePlanId>', with one"]),
        (String(repeating: "p", count: 41) + ":m", ["product id '\(String(repeating: "p", count: 41))' of base plan '"
                                                       + String(repeating: "p", count: 41) + ":m' is not a Google Play "
                                                       + "product id: 1 to 40 lowercase letters, digits, '_' and '.', "
                                                       + "starting with a letter or digit"]),
    ] as [(String, [String])])
    func invalidBasePlan(_ id: String, _ messages: [String]) throws {
        let app = try ModelRuleSources.load(Self.policy(Self.product(id), bundleID: false, packageName: true))
        #expect(ProductIDFormatRule().check(app).map(\.message) == messages)
    }

    @Test("a base plan sold on the App Store too must say 'stores: [play]'")
    func basePlanOnTheAppStore() throws {
        let both = try ModelRuleSources.load(Self.policy(Self.product("premium:monthly"), bundleID: true, packageName: true))
        #expect(ProductIDFormatRule().check(both).map(\.help)
                    == ["add 'stores: [play]' to the product, and sell it on the App Store under an id without ':'"])
        let playOnly = try ModelRuleSources.load(
            Self.policy(Self.product("premium:monthly", stores: "[play]"), bundleID: true, packageName: true))
        #expect(ProductIDFormatRule().check(playOnly).isEmpty)
    }

    @Test("a product sells where the app is, unless it names its stores")
    func marketplaces() throws {
        let app = try ModelRuleSources.load(Self.policy(
            Self.product("a") + "  - { id: b, type: non-consumable, stores: [play] }\n", bundleID: true, packageName: true))
        let policy = app.policy
        #expect(policy.declaredMarketplaces == [.appStore, .play])
        #expect(policy.products(soldIn: .appStore).map(\.id.value) == ["a"])
        #expect(policy.products(soldIn: .play).map(\.id.value) == ["a", "b"])
        let iosOnly = try ModelRuleSources.load(Self.policy(Self.product("a"), bundleID: true, packageName: false))
        #expect(iosOnly.policy.products(soldIn: .play).isEmpty)
    }

    @Test(arguments: [
        (true, false, "[play]", ["product 'p' is sold on 'play', but the app has no package_name, so it is not in that store"]),
        (false, true, "[app-store, play]", ["product 'p' is sold on 'app-store', but the app has no bundle_id, so it is "
                                                + "not in that store"]),
        (true, true, "[]", ["product 'p' lists no store, so no store sells it"]),
        (true, true, "[play]", []),
    ] as [(Bool, Bool, String, [String])])
    func undeclaredStore(_ bundleID: Bool, _ packageName: Bool, _ stores: String, _ messages: [String]) throws {
        let app = try ModelRuleSources.load(
            Self.policy(Self.product("p", stores: stores), bundleID: bundleID, packageName: packageName))
        #expect(ProductStoreUndeclaredRule().check(app).map(\.message) == messages)
    }
}
