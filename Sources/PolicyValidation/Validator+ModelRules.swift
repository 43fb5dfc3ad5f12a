extension Validator {
    static let referenceRules: [any Rule] = [
        AppIDFormatRule(),
        UnknownTierRule(),
        TierIncludeCycleRule(),
        TierUnreachableRule(),
        UnknownProductRule(),
        DuplicateProductIDRule(),
        UnknownGroupRule(),
        UnknownFeatureRule(),
        DuplicateFeatureIDRule(),
    ]

    static let productRules: [any Rule] = [
        ProductIDFormatRule(),
        ProductIDPrefixRule(),
        ProductTypeChangedRule(),
        ProductIDReusedRule(),
        ConsumableGrantsTierRule(),
        SubscriptionNeedsGroupAndPeriodRule(),
        NonRenewingNeedsPeriodRule(),
        InvalidPeriodRule(),
        IntroOfferOnlyOnSubscriptionRule(),
        IntroOfferIncompleteRule(),
        ReferencePriceInvalidRule(),
        YearlyNotCheaperRule(),
        GroupLevelsMismatchRule(),
        GroupLevelOrderRule(),
    ]

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
}
