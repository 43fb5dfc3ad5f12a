extension Validator {
    static func templateRules(_ context: ValidationContext) -> [any Rule] {
        [
            LocaleUndeclaredRule(),
            TemplateLocaleMismatchRule(),
            TemplateMissingRule(),
            TemplateMissingKeyRule(),
            TemplateUnknownKeyRule(),
            TemplateUnknownVariableRule(),
            TemplateMessageSyntaxRule(),
            TemplatePluralCategoriesRule(categories: context.pluralCategories),
            HardcodedPriceRule(),
        ]
    }

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
