@testable import CatalogValidation
import Diagnostics
import PolicyValidation
import Testing

/// The catalog rules are a provider the caller adds when catalogs were given, after the standard rules.
@Suite("the catalog rules in the validator's table")
struct CatalogRulesTableTests {
    static func ids(_ validator: Validator) -> [String] {
        validator.rules.map { type(of: $0).id }
    }

    @Test func withCatalogsTheCatalogRulesFollowTheStandardRules() {
        let standard = Self.ids(Validator(context: CatalogSources.context))
        let ids = Self.ids(Validator(context: CatalogSources.context, catalogs: [:]))
        #expect(Array(ids.prefix(standard.count)) == standard)
        let catalogRules = ids.dropFirst(standard.count)
        #expect(Array(catalogRules) == CatalogRules.ruleTypes.map { $0.id })
        #expect(catalogRules.count == 11)
        #expect(catalogRules.allSatisfy { $0.hasPrefix("catalog-") || $0 == StoreKitPrivateKeyRule.id })
    }

    @Test func withoutCatalogsNoCatalogRuleRuns() {
        #expect(Self.ids(Validator(context: CatalogSources.context, catalogs: nil))
            == Self.ids(Validator(context: CatalogSources.context)))
    }

    @Test func theDescriptorsAreEveryRuleInOrder() {
        #expect(Validator.descriptors.map(\.id)
            == (StandardRules.ruleTypes + CatalogRules.ruleTypes).map { $0.id })
        #expect(Validator.ruleTypes.map { $0.id } == Validator.descriptors.map(\.id))
    }
}
