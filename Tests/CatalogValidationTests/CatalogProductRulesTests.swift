@testable import CatalogValidation
import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import Testing
import TollgateEvaluation

/// Which catalog products stand for which policy products: missing, unlisted, wrong app and wrong type.
@Suite("catalog rules: products")
struct CatalogProductRulesTests {
    typealias S = CatalogSources

    static let products = """
        products:
          - { id: com.example.demo.monthly, type: auto-renewable, group: premium, period: P1M, grants: [premium] }
          - { id: com.example.demo.unlock, type: non-consumable, grants: [premium] }
          - { id: com.example.demo.coins, type: consumable, grants: [free] }
        subscription_groups:
          premium: { levels: [com.example.demo.monthly] }

        """

    @Test("a missing product is found at its id, with the closest listed id as a note")
    func missing() throws {
        let catalog = S.catalog([
            S.product("com.example.demo.monthly", .autoRenewable, line: 10),
            S.product("com.example.demo.unlok", .nonConsumable, line: 20),
        ])
        let findings = try S.findings(CatalogMissingProductRule.init, S.policy(Self.products), [catalog])
        #expect(findings.map(\.message) == [
            "product 'com.example.demo.unlock' is not in the Xcode StoreKit configuration 'Catalogs/demo.storekit'",
            "product 'com.example.demo.coins' is not in the Xcode StoreKit configuration 'Catalogs/demo.storekit'",
        ])
        #expect(findings.first?.help == "did you mean 'com.example.demo.unlok'?")
        #expect(findings.first?.span.file == "Policies/demo.yaml")
        #expect(findings.first?.related.first?.span == S.at(20, 5))
    }

    @Test("a product of a kind no given catalog holds is not missing")
    func kindsACatalogHolds() throws {
        let purchases = S.catalog([S.product("com.example.demo.unlock", .nonConsumable, line: 3)],
                                  source: .appStoreConnectInAppPurchases, facts: [])
        #expect(try S.messages(CatalogMissingProductRule.init, S.policy(Self.products), [purchases]) == [
            "product 'com.example.demo.coins' is not in the App Store Connect in-app purchase list 'Catalogs/demo.storekit'",
        ])
        let groups = S.catalog([S.product("com.example.demo.monthly", .autoRenewable, line: 3)],
                               source: .appStoreConnectSubscriptionGroups)
        #expect(try S.messages(CatalogMissingProductRule.init, S.policy(Self.products), [groups]).isEmpty)
        #expect(try S.messages(CatalogMissingProductRule.init, S.policy(Self.products), [purchases, groups]) == [
            "product 'com.example.demo.coins' is not in the App Store Connect in-app purchase list 'Catalogs/demo.storekit'",
        ])
    }

    @Test("a catalog is compared only with the products sold in its store")
    func stores() throws {
        let body = """
            products:
              - { id: com.example.demo.unlock, type: non-consumable, grants: [premium] }
              - { id: com.example.demo.android, type: non-consumable, grants: [premium], stores: [play] }

            """
        let policy = S.policy(body, app: "bundle_id: com.example.demo\n  package_name: com.example.demo")
        let catalog = S.catalog([
            S.product("com.example.demo.unlock", .nonConsumable, line: 3),
            S.product("com.example.demo.android", .nonConsumable, line: 9),
        ])
        #expect(try S.messages(CatalogMissingProductRule.init, policy, [catalog]).isEmpty)
        let unlisted = try S.findings(CatalogUnlistedProductRule.init, policy, [catalog])
        #expect(unlisted.map(\.message) == [
            "the Xcode StoreKit configuration 'Catalogs/demo.storekit' lists product 'com.example.demo.android', "
                + "which the policy sells only on Google Play",
        ])
        #expect(unlisted.first?.span == S.at(9, 5))
        #expect(unlisted.first?.help == "add 'app-store' to its 'stores' if the App Store sells it")
        #expect(unlisted.first?.severity == .warning)
    }

    @Test func unlistedProductsSuggestAPolicyID() throws {
        let catalog = S.catalog([
            S.product("com.example.demo.monthly", .autoRenewable, line: 3),
            S.product("com.example.demo.unlok", .nonConsumable, line: 9),
            S.product("com.example.demo.coins", .consumable, line: 15),
            S.product("legacy.gems", .consumable, line: 21),
        ])
        let findings = try S.findings(CatalogUnlistedProductRule.init, S.policy(Self.products), [catalog])
        #expect(findings.map(\.help) == [
            "did you mean 'com.example.demo.unlock'? (a product id in the policy)",
            "declare it under 'products:' with its type and the tiers it grants, or remove it from the store",
        ])
    }

    @Test("a type mismatch is at the policy's type with a note at the catalog's")
    func typeMismatch() throws {
        let catalog = S.catalog([
            S.product("com.example.demo.monthly", .nonRenewing, line: 3),
            S.product("com.example.demo.unlock", .nonConsumable, line: 9),
            S.product("com.example.demo.coins", .nonConsumable, line: 15),
        ])
        let findings = try S.findings(CatalogTypeMismatchRule.init, S.policy(Self.products), [catalog])
        #expect(findings.map(\.message) == [
            "product 'com.example.demo.monthly' is 'auto-renewable' in the policy but 'non-renewing' in the Xcode "
                + "StoreKit configuration 'Catalogs/demo.storekit'",
            "product 'com.example.demo.coins' is 'consumable' in the policy but 'non-consumable' in the Xcode "
                + "StoreKit configuration 'Catalogs/demo.storekit'",
        ])
        #expect(findings.first?.span.start == .init(line: 12, column: 43))
        #expect(findings.first?.related.map(\.span) == [S.at(4)])
    }

    @Test("a Google Play one-time product is either consumable or non-consumable")
    func playOneTime() throws {
        let policy = S.policy(Self.products, app: "package_name: com.example.demo")
        for source in [StoreCatalog.Source.playOneTimeProducts, .playInAppProducts] {
            var products = [
                S.product("com.example.demo.unlock", .nonConsumable, line: 3),
                S.product("com.example.demo.coins", .nonConsumable, line: 9),
            ]
            for index in products.indices { products[index].tellsConsumability = false }
            let catalog = S.catalog(products, source: source, packageName: S.located("com.example.demo", 2))
            #expect(try S.messages(CatalogTypeMismatchRule.init, policy, [catalog]).isEmpty)
            #expect(try S.messages(CatalogMissingProductRule.init, policy, [catalog]).isEmpty)
        }
        let told = S.catalog([S.product("com.example.demo.coins", .nonConsumable, line: 9)],
                             source: .playInAppProducts, packageName: S.located("com.example.demo", 2))
        #expect(try S.messages(CatalogTypeMismatchRule.init, policy, [told]).count == 1)
    }

    @Test("Play base plans are products '<productId>:<basePlanId>'")
    func basePlans() throws {
        let body = """
            products:
              - { id: "premium:monthly", type: auto-renewable, group: premium, period: P1M, grants: [premium] }
              - { id: premium, type: auto-renewable, group: premium, period: P1Y, grants: [premium] }
            subscription_groups:
              premium: { levels: ["premium:monthly", premium] }

            """
        let catalog = S.catalog([
            S.product("premium:monthly", .autoRenewable, line: 3, group: "premium", period: "P1M"),
            S.product("premium:yearly", .autoRenewable, line: 12, group: "premium", period: "P1Y"),
        ], source: .playSubscriptions, facts: [.groups, .periods], packageName: S.located("com.example.demo", 2))
        let policy = S.policy(body, app: "package_name: com.example.demo")
        let missing = try S.findings(CatalogMissingProductRule.init, policy, [catalog])
        #expect(missing.map(\.message) == ["product 'premium' is not in the Google Play subscription list 'Catalogs/demo.storekit'"])
        #expect(missing.first?.help == "Google Play sells a subscription by base plan: name the product "
            + "'premium:monthly' (or another 'premium:<basePlanId>')")
        #expect(try S.messages(CatalogPeriodMismatchRule.init, policy, [catalog]).isEmpty)
        #expect(try S.messages(CatalogUnlistedProductRule.init, policy, [catalog]).count == 1)
    }

    @Test("another app's catalog is reported and not compared further")
    func wrongApp() throws {
        let play = S.catalog([S.product("other.product", .nonConsumable, line: 3)], source: .playOneTimeProducts,
                             packageName: S.located("com.example.other", 2), file: "Catalogs/play.json")
        let policy = S.policy(Self.products, app: "package_name: com.example.demo")
        let findings = try S.findings(CatalogWrongAppRule.init, policy, [play])
        #expect(findings.map(\.message) == [
            "the Google Play one-time product list 'Catalogs/play.json' is the catalog of package 'com.example.other', "
                + "not of app 'demo' ('com.example.demo')",
        ])
        #expect(findings.first?.span == S.at(2))
        #expect(try S.messages(CatalogMissingProductRule.init, policy, [play]).isEmpty)
        #expect(try S.messages(CatalogUnlistedProductRule.init, policy, [play]).isEmpty)

        let storeKit = S.catalog([S.product("other.product", .nonConsumable, line: 3)])
        #expect(try S.messages(CatalogWrongAppRule.init, policy, [storeKit]) == [
            "the Xcode StoreKit configuration 'Catalogs/demo.storekit' is an App Store catalog, but app 'demo' has "
                + "no 'bundle_id'",
        ])
        #expect(try S.messages(CatalogWrongAppRule.init, S.policy(Self.products), [play.with(packageName: nil)]) == [
            "the Google Play one-time product list 'Catalogs/play.json' is a Google Play catalog, but app 'demo' has no "
                + "'package_name'",
        ])
        let own = play.with(packageName: S.located("com.example.demo", 2))
        #expect(try S.messages(CatalogWrongAppRule.init, policy, [own]).isEmpty)
        #expect(try S.messages(CatalogUnlistedProductRule.init, policy, [own]).count == 1)
    }

    @Test("a private key is reported at its place, once per file, without its text")
    func privateKey() throws {
        let catalog = S.catalog([], privateKey: S.at(40, 19))
        let findings = try S.findings(StoreKitPrivateKeyRule.init, S.policy(Self.products), [catalog])
        #expect(findings.map(\.message) == [
            "the Xcode StoreKit configuration 'Catalogs/demo.storekit' carries a private key in 'subscriptionOffersKeyPair'",
        ])
        #expect(findings.first?.span == S.at(40, 19))
        #expect(try S.messages(StoreKitPrivateKeyRule.init, S.policy(Self.products), [S.catalog([])]).isEmpty)
    }

    @Test("without catalogs for the app, no catalog rule finds anything")
    func noCatalogs() throws {
        let app = try S.load(S.policy(Self.products))
        let rules = CatalogRules(catalogs: ["other": [S.catalog([])]]).rules(S.context)
        #expect(rules.count == 11)
        #expect(rules.flatMap { $0.check(app) }.isEmpty)
    }
}

extension StoreCatalog {
    func with(packageName: Located<String>?) -> StoreCatalog {
        var copy = self
        copy.packageName = packageName
        return copy
    }
}
