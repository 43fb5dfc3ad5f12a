extension Validator {
    static let referenceRules: [any Rule] = [
        AppIDFormatRule(),
        InvalidAppleIDRule(),
        AppleIDWithoutBundleIDRule(),
        UnknownTierRule(),
        TierIncludeCycleRule(),
        TierUnreachableRule(),
        UnknownProductRule(),
        DuplicateProductIDRule(),
        UnknownGroupRule(),
        UnknownFeatureRule(),
        DuplicateFeatureIDRule(),
    ]

    /// The product rules; those that compare with what was published only when the context has baselines.
    static func productRules(_ context: ValidationContext) -> [any Rule] {
        let published: [any Rule] = context.baselines.map { baselines in
            [ProductTypeChangedRule(baselines: baselines), ProductIDReusedRule(baselines: baselines)]
        } ?? []
        return [ProductIDFormatRule(), ProductIDPrefixRule(), ProductStoreUndeclaredRule()] + published + [
            ConsumableGrantsTierRule(),
            CreditsAmountRangeRule(),
            SubscriptionNeedsGroupAndPeriodRule(),
            NonRenewingNeedsPeriodRule(),
            InvalidPeriodRule(),
            IntroOfferOnlyOnSubscriptionRule(),
            IntroOfferIncompleteRule(),
            ReferencePriceInvalidRule(currencyDigits: context.currencyDigits),
            YearlyNotCheaperRule(currencyDigits: context.currencyDigits),
            GroupLevelsMismatchRule(),
            GroupLevelOrderRule(),
        ]
    }

    static let featureRules: [any Rule] = [
        FreeTierEmptyRule(),
        AdsWithoutAdFreeTierRule(),
        AdFreeFreeTierRule(),
    ]

    static let paywallRules: [any Rule] = [
        PaywallEmptyRule(),
        PaywallUnknownProductRule(),
        PaywallHighlightOutsideRule(),
    ]

    /// The placement and experiment rules; the one that compares with what was published only when the
    /// context has baselines.
    static func placementRules(_ context: ValidationContext) -> [any Rule] {
        let published: [any Rule] = context.baselines.map { [ExperimentReassignsUsersRule(baselines: $0)] } ?? []
        return [
            PlacementIDFormatRule(),
            AudienceConditionSyntaxRule(),
            AudienceUnknownNameRule(),
            AudienceTypeMismatchRule(),
            AudienceUnknownIDRule(),
            AudienceStorefrontCodeRule(storefronts: context.storefronts),
            AudienceVersionLiteralRule(),
            AudienceDuplicateIDRule(),
            AudienceUnreachableRule(),
            PlacementUnknownPaywallRule(),
            PlacementUnknownExperimentRule(),
            ExperimentUnusedRule(),
            ExperimentWeightsRule(),
            ExperimentWinnerRule(),
        ] + published
    }
}
