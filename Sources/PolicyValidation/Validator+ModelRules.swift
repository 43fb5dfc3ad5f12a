extension Validator {
    static let referenceRules: [any Rule] = [
        UnknownTierRule(),
    ]

    static let productRules: [any Rule] = [
        ProductIDPrefixRule(),
    ]

    static let featureRules: [any Rule] = []

    static let paywallRules: [any Rule] = []
}
