extension Validator {
    static let templateRules: [any Rule] = [
        LocaleUndeclaredRule(),
        TemplateLocaleMismatchRule(),
        TemplateMissingRule(),
        TemplateMissingKeyRule(),
        TemplateUnknownKeyRule(),
        TemplateUnknownVariableRule(),
        TemplateMessageSyntaxRule(),
        TemplatePluralCategoriesRule(),
        HardcodedPriceRule(),
    ]

    static let reviewRules: [any Rule] = [
        LegalLinksRule(),
        RestoreEntryRule(),
        RestoreSyncOnLaunchRule(),
        SubscriptionDisclosureRule(),
        BilledPriceShownRule(),
        TrialDisclosureRule(),
        SubscriptionMinPeriodRule(),
        AttestationOpenRule(),
        WaiveNeedsReasonRule(),
    ]
}
