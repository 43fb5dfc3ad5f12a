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

    /// The review rules; the waiver rule knows the rules the context names.
    static func reviewRules(_ context: ValidationContext) -> [any Rule] {
        [
            LegalLinksRule(),
            RestoreEntryRule(),
            RestoreSyncOnLaunchRule(),
            SubscriptionDisclosureRule(),
            BilledPriceShownRule(),
            TrialDisclosureRule(),
            SubscriptionMinPeriodRule(),
            AttestationOpenRule(),
            WaiveNeedsReasonRule(ruleIDs: context.ruleIDs),
        ]
    }
}
