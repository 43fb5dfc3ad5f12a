@testable import PolicyValidation
import Diagnostics
import Testing
import Project

/// The validator's table is built from its context: a rule runs only with what it needs.
@Suite("the validator's rule table")
struct ValidatorTableTests {
    static func ids(_ validator: Validator) -> [String] {
        validator.rules.map { type(of: $0).id }
    }

    @Test func withEverythingTheTableIsEveryRuleInOrder() {
        #expect(Self.ids(Validator(context: .icu(baselines: [:]))) == StandardRules.ruleTypes.map { $0.id })
    }

    @Test func withoutBaselinesTheRulesThatCompareWithThemAreLeftOut() {
        let ids = Self.ids(Validator(context: .icu()))
        #expect(!ids.contains(ProductTypeChangedRule.id))
        #expect(!ids.contains(ProductIDReusedRule.id))
        #expect(!ids.contains(ExperimentReassignsUsersRule.id))
        #expect(ids.count == StandardRules.ruleTypes.count - 3)
    }

    @Test func theContextsDataReachesTheRules() throws {
        let app = try ModelRuleSources.load(ModelRuleSources.policy("""
            products:
              - { id: p, type: non-consumable, grants: [free], reference_prices: { CLP: "990.5" } }

            """))
        let context = ValidationContext(pluralCategories: { _ in nil }, currencyDigits: { $0 == "CLP" ? 2 : nil },
                                        storefronts: ["JP": "JPN"],
                                        baselines: ["demo": ProductBaseline(types: ["p": "consumable"], source: "v1")])
        let rules = Set(Validator(context: context).validate(app).diagnostics.map(\.rule))
        #expect(!rules.contains(ReferencePriceInvalidRule.id))
        #expect(rules.contains(ProductTypeChangedRule.id))
        let icu = Set(Validator(context: .icu()).validate(app).diagnostics.map(\.rule))
        #expect(icu.contains(ReferencePriceInvalidRule.id))
    }
}
