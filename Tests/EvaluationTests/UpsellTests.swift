import Foundation
import Testing
@testable import TollgateEvaluation

/// The upsell of one example input: locked feature → products, cheapest first.
struct UpsellCase: Sendable, CustomTestStringConvertible {
    var name: String
    var example: Example
    var entitlements: [Entitlement] = []
    var currency: String?
    var upsell: [String: [String]]

    var testDescription: String { "\(example): \(name)" }
}

/// Products of a hand-made bundle, in policy order, and the upsell expected in `currency`.
struct OrderCase: Sendable, CustomTestStringConvertible {
    var name: String
    var products: [PolicyBundle.Product]
    var currency: String?
    var expected: [String]

    var testDescription: String { name }
}

@Suite("upsell: products that unlock each locked feature, cheapest first")
struct UpsellTests {
    static let premium = [Photocollage.yearly, Photocollage.monthly]
    static let plus = [Lingualeap.plusYearly, Lingualeap.plusMonthly, Lingualeap.proYearly, Lingualeap.familyYearly,
                       Lingualeap.proMonthly, Lingualeap.proWeekly]
    static let pro = [Lingualeap.proYearly, Lingualeap.familyYearly, Lingualeap.proMonthly, Lingualeap.proWeekly]
    static let exam = [Lingualeap.examPass, Lingualeap.proYearly, Lingualeap.familyYearly, Lingualeap.proMonthly,
                       Lingualeap.proWeekly]
    static let family = [Lingualeap.familyYearly]

    static let exampleCases: [UpsellCase] = [
        UpsellCase(name: "nothing held, USD by default", example: .photocollage,
                   upsell: ["templates.advanced": premium, "cloud-sync": premium]),
        UpsellCase(name: "nothing held, KRW", example: .photocollage, currency: "KRW",
                   upsell: ["templates.advanced": premium, "cloud-sync": premium]),
        UpsellCase(name: "no EUR prices: policy order", example: .photocollage, currency: "EUR",
                   upsell: ["templates.advanced": [Photocollage.monthly, Photocollage.yearly],
                            "cloud-sync": [Photocollage.monthly, Photocollage.yearly]]),
        UpsellCase(name: "remove-ads held", example: .photocollage,
                   entitlements: [Entitlement(product: Photocollage.removeAds), Entitlement(product: Photocollage.coins)],
                   upsell: ["templates.advanced": premium, "cloud-sync": premium]),
        UpsellCase(name: "premium held: nothing to sell", example: .photocollage,
                   entitlements: [Entitlement(product: Photocollage.monthly)], upsell: [:]),
        UpsellCase(name: "premium expired", example: .photocollage,
                   entitlements: [Entitlement(product: Photocollage.monthly, expires: ExamplePolicies.at(-1))],
                   upsell: ["templates.advanced": premium, "cloud-sync": premium]),
        UpsellCase(name: "nothing held; weekly priced per month, the 3-month pass per month", example: .lingualeap,
                   upsell: ["lessons.offline": plus, "grammar.tips": plus, "conversation.ai": pro,
                            "speaking.feedback": pro, "exam.mock-tests": exam, "exam.writing-review": exam,
                            "family.profiles": family, "family.dashboard": family]),
        UpsellCase(name: "nothing held, PLN", example: .lingualeap, currency: "PLN",
                   upsell: ["lessons.offline": plus, "grammar.tips": plus, "conversation.ai": pro,
                            "speaking.feedback": pro, "exam.mock-tests": exam, "exam.writing-review": exam,
                            "family.profiles": family, "family.dashboard": family]),
        UpsellCase(name: "plus held", example: .lingualeap, entitlements: [Entitlement(product: Lingualeap.plusMonthly)],
                   upsell: ["conversation.ai": pro, "speaking.feedback": pro, "exam.mock-tests": exam,
                            "exam.writing-review": exam, "family.profiles": family, "family.dashboard": family]),
        UpsellCase(name: "pro held", example: .lingualeap, entitlements: [Entitlement(product: Lingualeap.proWeekly)],
                   upsell: ["family.profiles": family, "family.dashboard": family]),
    ]

    @Test("example apps", arguments: exampleCases)
    func examples(_ testCase: UpsellCase) throws {
        let decision = try ExamplePolicies.decide(testCase.example, testCase.entitlements, currency: testCase.currency)
        #expect(decision.upsell == testCase.upsell)
        #expect(Set(decision.upsell.keys) == Set(decision.features.filter { !$0.value }.keys),
                "exactly the locked features are upsold")
    }

    @Test("consumables never appear", arguments: Example.allCases)
    func noConsumables(_ example: Example) throws {
        let decision = try ExamplePolicies.decide(example, [])
        let offered = Set(decision.upsell.values.joined())
        #expect(!offered.contains(Photocollage.coins))
        #expect(!offered.contains(Lingualeap.reviews))
        #expect(!offered.isEmpty)
    }

    static func weekly(_ price: String) -> PolicyBundle.Product {
        HandMade.product("weekly", period: .init(months: 0, days: 7), prices: ["USD": price])
    }

    static func monthly(_ price: String, id: String = "monthly") -> PolicyBundle.Product {
        HandMade.product(id, prices: ["USD": price])
    }

    static let orderCases: [OrderCase] = [
        // 7.00 a week is 7.00 × 30.4375 / 7 = 30.4375 a month.
        OrderCase(name: "a week is 7/30.4375 of a month (monthly just cheaper)",
                  products: [weekly("7.00"), monthly("30.43")], expected: ["monthly", "weekly"]),
        OrderCase(name: "a week is 7/30.4375 of a month (weekly just cheaper)",
                  products: [monthly("30.44"), weekly("7.00")], expected: ["weekly", "monthly"]),
        OrderCase(name: "a day is 1/30.4375 of a month (monthly just cheaper)",
                  products: [HandMade.product("daily", period: .init(months: 0, days: 1), prices: ["USD": "1.00"]),
                             monthly("30.43")], expected: ["monthly", "daily"]),
        OrderCase(name: "a day is 1/30.4375 of a month (daily just cheaper)",
                  products: [monthly("30.44"),
                             HandMade.product("daily", period: .init(months: 0, days: 1), prices: ["USD": "1.00"])],
                  expected: ["daily", "monthly"]),
        OrderCase(name: "two months at 5.00 beat one at 2.51",
                  products: [monthly("2.51"), HandMade.product("bimonthly", period: .init(months: 2, days: 0),
                                                                prices: ["USD": "5.00"])],
                  expected: ["bimonthly", "monthly"]),
        OrderCase(name: "a year at 119.88 loses to a month at 9.98",
                  products: [HandMade.product("yearly", period: .init(months: 12, days: 0), prices: ["USD": "119.88"]),
                             monthly("9.98")],
                  expected: ["monthly", "yearly"]),
        OrderCase(name: "equal monthly prices keep policy order",
                  products: [HandMade.product("yearly", period: .init(months: 12, days: 0), prices: ["USD": "12.00"]),
                             monthly("1.00")],
                  expected: ["yearly", "monthly"]),
        OrderCase(name: "equal monthly prices keep policy order (reversed)",
                  products: [monthly("1.00"),
                             HandMade.product("yearly", period: .init(months: 12, days: 0), prices: ["USD": "12.00"])],
                  expected: ["monthly", "yearly"]),
        OrderCase(name: "a one-time price is compared as is",
                  products: [HandMade.product("lifetime", .nonConsumable, period: nil, prices: ["USD": "10.00"]),
                             monthly("9.99")],
                  expected: ["monthly", "lifetime"]),
        OrderCase(name: "the input currency decides (USD)",
                  products: [HandMade.product("a", prices: ["USD": "1.00", "EUR": "5.00"]),
                             HandMade.product("b", prices: ["USD": "2.00", "EUR": "3.00"])],
                  currency: "USD", expected: ["a", "b"]),
        OrderCase(name: "the input currency decides (EUR)",
                  products: [HandMade.product("a", prices: ["USD": "1.00", "EUR": "5.00"]),
                             HandMade.product("b", prices: ["USD": "2.00", "EUR": "3.00"])],
                  currency: "EUR", expected: ["b", "a"]),
        OrderCase(name: "no currency means USD, even when another code sorts first",
                  products: [HandMade.product("a", prices: ["USD": "1.00", "AUD": "9.00"]),
                             HandMade.product("b", prices: ["USD": "2.00", "AUD": "1.00"])],
                  expected: ["a", "b"]),
        OrderCase(name: "unpriced in the currency: last, in policy order",
                  products: [HandMade.product("c", prices: ["USD": "0.01"]),
                             HandMade.product("d", prices: ["EUR": "10.00"]),
                             HandMade.product("e"),
                             HandMade.product("f", prices: ["EUR": "1.00"])],
                  currency: "EUR", expected: ["f", "d", "c", "e"]),
        OrderCase(name: "consumables never appear, even when cheapest and claiming the tier",
                  products: [HandMade.product("coins", .consumable, prices: ["USD": "0.01"]), monthly("4.99")],
                  expected: ["monthly"]),
        OrderCase(name: "products granting another tier do not appear",
                  products: [HandMade.product("other", grants: ["free"], prices: ["USD": "0.01"]), monthly("4.99")],
                  expected: ["monthly"]),
        OrderCase(name: "no product grants the tier", products: [], expected: []),
    ]

    @Test("ordering in hand-made bundles", arguments: orderCases)
    func ordering(_ testCase: OrderCase) throws {
        let decision = try HandMade.decide(HandMade.bundle(products: testCase.products), currency: testCase.currency)
        #expect(decision.upsell == ["pro.feature": testCase.expected])
    }

    @Test("a feature held is not upsold, whichever products would also grant it")
    func heldIsNotUpsold() throws {
        let bundle = HandMade.bundle(products: [Self.monthly("4.99"), Self.monthly("1.99", id: "cheap")])
        let decision = try HandMade.decide(bundle, [Entitlement(product: "monthly")])
        #expect(decision.features == ["pro.feature": true])
        #expect(decision.upsell.isEmpty)
    }
}
