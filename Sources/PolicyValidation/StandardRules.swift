/// The rules every validation runs: references, products, features, paywalls, placements, templates and review.
package struct StandardRules: RuleProvider {
    package init() {}

    /// Every standard rule type, in table order: the table `rules(_:)` builds when the context has baselines
    /// (the data is never read here, only the table's shape).
    package static let ruleTypes: [any Rule.Type] = StandardRules().rules(
        ValidationContext(pluralCategories: { _ in nil }, currencyDigits: { _ in nil }, storefronts: [:],
                          baselines: [:])
    ).map { type(of: $0) }

    package func rules(_ context: ValidationContext) -> [any Rule] {
        Validator.referenceRules + Validator.productRules(context) + Validator.featureRules
            + Validator.paywallRules + Validator.placementRules(context) + Validator.templateRules(context)
            + Validator.reviewRules(context)
    }
}
