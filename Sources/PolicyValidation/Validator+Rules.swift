extension Validator {
    /// Every rule type, in the order reports list them: the table `init(context:)` builds when the context
    /// has everything (the data is never read here, only the table's shape).
    package static let ruleTypes: [any Rule.Type] = Validator(
        context: ValidationContext(pluralCategories: { _ in nil }, currencyDigits: { _ in nil }, storefronts: [:],
                                   baselines: [:], catalogs: [:])
    ).rules.map { type(of: $0) }
}
