@testable import CatalogValidation
import Diagnostics
import Foundation
import PolicyModel
import PolicyValidation
import StoreCatalog
import Testing
import TollgateEvaluation

/// What each product is: groups, levels, periods, intro offers, prices and localizations; what a catalog does
/// not tell is never a mismatch.
@Suite("catalog rules: groups, levels, periods, offers, prices and locales")
struct CatalogTermsRulesTests {
    typealias S = CatalogSources

    static let subscriptions = """
        products:
          - { id: family.y, type: auto-renewable, group: premium, period: P1Y, grants: [premium] }
          - { id: pro.m, type: auto-renewable, group: premium, period: P1M, grants: [premium] }
          - { id: pro.y, type: auto-renewable, group: premium, period: P1Y, grants: [premium] }
          - { id: plus.m, type: auto-renewable, group: plus, period: P1M, grants: [premium] }
        subscription_groups:
          premium: { levels: [family.y, pro.m, pro.y] }
          plus: { levels: [plus.m] }

        """

    static let groups = [S.group("6B4F7BDD", name: "Premium", line: 1), S.group("0A1B2C3D", name: "Plus", line: 4)]

    static func subscriptions(_ groups: [String], levels: [Int?] = [1, 2, 2, 1]) -> StoreCatalog {
        let ids = ["family.y", "pro.m", "pro.y", "plus.m"]
        return S.catalog(ids.indices.map { index in
            S.product(ids[index], .autoRenewable, line: 10 * (index + 1), group: groups[index], level: levels[index])
        }, groups: Self.groups)
    }

    @Test("each policy group stands for the store group of most of its subscriptions")
    func groupPeers() throws {
        let catalog = Self.subscriptions(["6B4F7BDD", "0A1B2C3D", "6B4F7BDD", "0A1B2C3D"])
        let findings = try S.findings(CatalogGroupMismatchRule.init, S.policy(Self.subscriptions), [catalog])
        #expect(findings.map(\.message) == [
            "subscription 'pro.m' is in store group 'Plus' (0A1B2C3D) in the Xcode StoreKit configuration "
                + "'Catalogs/demo.storekit', but the other subscriptions of group 'premium' are in 'Premium' (6B4F7BDD)",
        ])
        #expect(findings.first?.related.map(\.span) == [S.at(22)])
        let matching = Self.subscriptions(["6B4F7BDD", "6B4F7BDD", "6B4F7BDD", "0A1B2C3D"])
        #expect(try S.messages(CatalogGroupMismatchRule.init, S.policy(Self.subscriptions), [matching]).isEmpty)
    }

    @Test("two policy groups in one store group are a mismatch")
    func twoGroupsInOne() throws {
        let catalog = Self.subscriptions(["6B4F7BDD", "6B4F7BDD", "6B4F7BDD", "6B4F7BDD"])
        #expect(try S.messages(CatalogGroupMismatchRule.init, S.policy(Self.subscriptions), [catalog]) == [
            "subscription 'plus.m' of group 'plus' is in store group 'Premium' (6B4F7BDD) in the Xcode StoreKit "
                + "configuration 'Catalogs/demo.storekit', with the subscriptions of group 'premium'",
        ])
        let unknown = S.catalog(Self.subscriptions(["6B4F7BDD", "6B4F7BDD", "6B4F7BDD", "6B4F7BDD"]).products,
                                facts: [.levels])
        #expect(try S.messages(CatalogGroupMismatchRule.init, S.policy(Self.subscriptions), [unknown]).isEmpty)
    }

    @Test("two policy groups in one store group: the finding names the minority, wherever the catalog lists it")
    func twoGroupsInOneNamesTheMinority() throws {
        // The one subscription of 'plus' is listed first; the three of 'premium' are the rest of the store group.
        let listed = Self.subscriptions(["6B4F7BDD", "6B4F7BDD", "6B4F7BDD", "6B4F7BDD"]).products
        let catalog = S.catalog([listed[3]] + listed.prefix(3), groups: Self.groups)
        let findings = try S.findings(CatalogGroupMismatchRule.init, S.policy(Self.subscriptions), [catalog])
        #expect(findings.map(\.message) == [
            "subscription 'plus.m' of group 'plus' is in store group 'Premium' (6B4F7BDD) in the Xcode StoreKit "
                + "configuration 'Catalogs/demo.storekit', with the subscriptions of group 'premium'",
        ])
        let policy = try S.load(S.policy(Self.subscriptions))
        #expect(findings.map(\.span) == [try #require(policy.policy.product("plus.m")?.group?.span)])
        #expect(findings.first?.related.map(\.span) == [S.at(42)])
    }

    @Test("equal levels are no order; only a strict inversion is a mismatch")
    func levels() throws {
        let groups = ["6B4F7BDD", "6B4F7BDD", "6B4F7BDD", "0A1B2C3D"]
        for levels in [[1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 2, 1], [nil, 1, 2, 1]] {
            let catalog = Self.subscriptions(groups, levels: levels)
            #expect(try S.messages(CatalogLevelMismatchRule.init, S.policy(Self.subscriptions), [catalog]).isEmpty,
                    "levels \(levels)")
        }
        let inverted = Self.subscriptions(groups, levels: [2, 1, 2, 1])
        let findings = try S.findings(CatalogLevelMismatchRule.init, S.policy(Self.subscriptions), [inverted])
        #expect(findings.map(\.message) == [
            "'family.y' is above 'pro.m' in the levels of group 'premium', but the Xcode StoreKit configuration "
                + "'Catalogs/demo.storekit' ranks it below (level 2 against 1)",
        ])
        #expect(findings.first?.related.map(\.span) == [S.at(13), S.at(23)])
        let untold = S.catalog(inverted.products, facts: [.groups], groups: Self.groups)
        #expect(try S.messages(CatalogLevelMismatchRule.init, S.policy(Self.subscriptions), [untold]).isEmpty)
    }

    @Test("levels of different store groups are not compared")
    func levelsAcrossGroups() throws {
        let catalog = Self.subscriptions(["0A1B2C3D", "6B4F7BDD", "6B4F7BDD", "0A1B2C3D"], levels: [3, 1, 2, 1])
        #expect(try S.messages(CatalogLevelMismatchRule.init, S.policy(Self.subscriptions), [catalog]).isEmpty)
    }

    @Test("periods compare as durations; a period the catalog does not give is unknown")
    func periods() throws {
        let body = """
            products:
              - { id: m, type: auto-renewable, group: g, period: P1M, grants: [premium] }
              - { id: w, type: auto-renewable, group: g, period: P7D, grants: [premium] }
              - { id: pass, type: non-renewing, period: P3M, grants: [premium] }
            subscription_groups:
              g: { levels: [m, w] }

            """
        let catalog = S.catalog([
            S.product("m", .autoRenewable, line: 10, period: "P1Y"),
            S.product("w", .autoRenewable, line: 20, period: "P1W"),
            S.product("pass", .nonRenewing, line: 30),
        ])
        let findings = try S.findings(CatalogPeriodMismatchRule.init, S.policy(body), [catalog])
        #expect(findings.map(\.message) == [
            "product 'm' has the period 'P1M' in the policy but 'P1Y' in the Xcode StoreKit configuration "
                + "'Catalogs/demo.storekit'",
            "product 'w' has the period 'P7D' in the policy but 'P1W' in the Xcode StoreKit configuration "
                + "'Catalogs/demo.storekit'",
        ])
        #expect(findings.first?.help == "set 'period: P1Y'")
        #expect(findings.first?.related.map(\.span) == [S.at(14)])
        let untold = S.catalog(catalog.products, facts: [])
        #expect(try S.messages(CatalogPeriodMismatchRule.init, S.policy(body), [untold]).isEmpty)
    }

    static let offers = """
        products:
          - { id: a, type: auto-renewable, group: g, period: P1M, grants: [premium], intro_offer: { type: free-trial, period: P1W } }
          - { id: b, type: auto-renewable, group: g, period: P1M, grants: [premium], intro_offer: { type: pay-as-you-go, period: P1M, periods: 3, reference_prices: { USD: "0.99" } } }
          - { id: c, type: auto-renewable, group: g, period: P1Y, grants: [premium], intro_offer: { type: free-trial, period: P2W } }
          - { id: d, type: auto-renewable, group: g, period: P1Y, grants: [premium] }
        subscription_groups:
          g: { levels: [a, b, c, d] }

        """

    @Test("a free trial without a count is one period; type, period, count and absence are compared")
    func introOffers() throws {
        let same = S.catalog([
            S.product("a", .autoRenewable, line: 10, intro: S.intro(.freeTrial, "P1W", periods: 1, line: 15)),
            S.product("b", .autoRenewable, line: 20, intro: S.intro(.payAsYouGo, "P1M", periods: 3, line: 25)),
            S.product("c", .autoRenewable, line: 30, intro: S.intro(.freeTrial, "P2W", line: 35)),
            S.product("d", .autoRenewable, line: 40),
        ])
        #expect(try S.messages(CatalogIntroMismatchRule.init, S.policy(Self.offers), [same]).isEmpty)
        let different = S.catalog([
            S.product("a", .autoRenewable, line: 10, intro: S.intro(.payUpFront, "P1W", line: 15)),
            S.product("b", .autoRenewable, line: 20, intro: S.intro(.payAsYouGo, "P1M", periods: 2, line: 25)),
            S.product("c", .autoRenewable, line: 30),
            S.product("d", .autoRenewable, line: 40, intro: S.intro(.freeTrial, "P3D", line: 45)),
        ])
        let findings = try S.findings(CatalogIntroMismatchRule.init, S.policy(Self.offers), [different])
        let catalog = "the Xcode StoreKit configuration 'Catalogs/demo.storekit'"
        #expect(findings.map(\.message) == [
            "product 'a' has the intro offer free-trial P1W in the policy but pay-up-front P1W in \(catalog)",
            "product 'b' has the intro offer pay-as-you-go 3 × P1M in the policy but pay-as-you-go 2 × P1M in \(catalog)",
            "product 'c' has an intro offer (free-trial P2W) in the policy but none in \(catalog)",
            "\(catalog) gives product 'd' an intro offer (free-trial P3D) that the policy does not have",
        ])
        #expect(findings.map(\.related.first?.span) == [S.at(15), S.at(25), S.at(30, 5), S.at(45)])
        #expect(findings.allSatisfy { $0.severity == .warning && $0.span.file == "Policies/demo.yaml" })
        let untold = S.catalog(different.products, facts: [.periods])
        #expect(try S.messages(CatalogIntroMismatchRule.init, S.policy(Self.offers), [untold]).isEmpty)
    }

    static let priced = """
        products:
          - { id: a, type: non-consumable, grants: [premium], reference_prices: { USD: "2.99", EUR: "2.99" } }
          - { id: b, type: non-consumable, grants: [premium], reference_prices: { USD: "4.99" } }

        """

    @Test("prices compare as numbers, only in currencies both sides have")
    func prices() throws {
        let catalog = S.catalog([
            S.product("a", .nonConsumable, line: 10, prices: ["USD": "2.990", "JPY": "500"]),
            S.product("b", .nonConsumable, line: 20, prices: ["USD": "5.99"]),
        ])
        let findings = try S.findings(CatalogPriceMismatchRule.init, S.policy(Self.priced), [catalog])
        #expect(findings.map(\.message) == [
            "product 'b' has the reference price 4.99 USD, but the Xcode StoreKit configuration "
                + "'Catalogs/demo.storekit' sells it for 5.99 USD",
        ])
        #expect(findings.first?.related.map(\.span) == [S.at(25)])
        let untold = S.catalog(catalog.products, facts: [])
        #expect(try S.messages(CatalogPriceMismatchRule.init, S.policy(Self.priced), [untold]).isEmpty)
    }

    @Test("a catalog's notes on prices are shown as notes at the file when its prices are compared")
    func notes() throws {
        let note = "no _storefront: read as the USA storefront (USD)"
        let notes = [CatalogNote(.prices, note), CatalogNote(.products, "one page of several")]
        let catalog = S.catalog([S.product("a", .nonConsumable, line: 10, prices: ["USD": "2.99"])], notes: notes)
        let findings = try S.findings(CatalogPriceMismatchRule.init, S.policy(Self.priced), [catalog])
        #expect(findings.map(\.severity) == [.note])
        #expect(findings.map(\.message) == ["the Xcode StoreKit configuration 'Catalogs/demo.storekit': \(note)"])
        #expect(findings.first?.span == .wholeFile(S.file))
        let unpriced = S.catalog([S.product("a", .nonConsumable, line: 10, prices: ["JPY": "500"])], notes: notes)
        #expect(try S.findings(CatalogPriceMismatchRule.init, S.policy(Self.priced), [unpriced]).isEmpty)
    }

    @Test("a note that a file is one page of several shows beside the products it missed; one on its format always")
    func pageNotes() throws {
        let notes = [CatalogNote(.products, "one page of several"), CatalogNote(.format, "format 6.0 read as 5.x"),
                     CatalogNote(.prices, "read as the USA storefront")]
        let complete = S.catalog([S.product("a", .nonConsumable, line: 10), S.product("b", .nonConsumable, line: 20)],
                                 notes: notes)
        #expect(try S.findings(CatalogMissingProductRule.init, S.policy(Self.priced), [complete]).map(\.message)
                    == ["the Xcode StoreKit configuration 'Catalogs/demo.storekit': format 6.0 read as 5.x"])
        let partial = S.catalog([S.product("a", .nonConsumable, line: 10)], notes: notes)
        let findings = try S.findings(CatalogMissingProductRule.init, S.policy(Self.priced), [partial])
        #expect(findings.map(\.severity) == [.error, .note, .note])
        #expect(findings.dropFirst().map(\.message) == [
            "the Xcode StoreKit configuration 'Catalogs/demo.storekit': format 6.0 read as 5.x",
            "the Xcode StoreKit configuration 'Catalogs/demo.storekit': one page of several",
        ])
    }

    @Test("a policy locale is covered by the store's localization of its language or a region of it")
    func locales() throws {
        let body = """
            products:
              - { id: a, type: non-consumable, grants: [premium] }
              - { id: b, type: non-consumable, grants: [premium] }
              - { id: c, type: non-consumable, grants: [premium] }

            """
        let policy = S.policy(body).replacingOccurrences(of: "locales: [en]", with: "locales: [en, pt-BR, ko]")
        let catalog = S.catalog([
            S.product("a", .nonConsumable, line: 10, locales: ["en_US", "pt_BR", "ko"]),
            S.product("b", .nonConsumable, line: 20, locales: ["en-GB", "pt", "ko-KR"]),
            S.product("c", .nonConsumable, line: 30, locales: ["es_ES"]),
        ])
        let findings = try S.findings(CatalogLocaleMissingRule.init, policy, [catalog])
        let file = "the Xcode StoreKit configuration 'Catalogs/demo.storekit'"
        #expect(findings.map(\.message) == [
            "\(file) has no localization of product 'b' for 'pt-BR'",
            "\(file) has no localization of product 'c' for 'en', 'pt-BR' and 'ko'",
        ])
        #expect(findings.first?.span == S.at(20, 5))
        #expect(findings.first?.related.map(\.span.start.line) == [7])
        let untold = S.catalog(catalog.products, facts: [.prices])
        #expect(try S.messages(CatalogLocaleMissingRule.init, policy, [untold]).isEmpty)
    }
}
