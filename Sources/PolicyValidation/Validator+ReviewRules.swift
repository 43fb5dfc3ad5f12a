extension Validator {
    static let templateRules: [any Rule] = []

    static let reviewRules: [any Rule] = [
        RestoreEntryRule(),
        WaiveNeedsReasonRule(),
    ]
}
