extension Validator {
    /// The rules that compare each app with its store catalogs, only when the context has catalogs.
    static func catalogRules(_ context: ValidationContext) -> [any Rule] {
        guard context.catalogs != nil else { return [] }
        return []
    }
}
