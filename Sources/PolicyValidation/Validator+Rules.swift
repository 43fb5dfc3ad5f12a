extension Validator {
    /// Every rule, in the order reports list them.
    package static let standardRules: [any Rule] = referenceRules + productRules + featureRules + paywallRules
        + templateRules + reviewRules
}
