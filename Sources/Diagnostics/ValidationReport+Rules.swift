extension ValidationReport {
    /// The rules a report lists: `rules`, then a stand-in for each rule id that a finding names but
    /// `rules` does not describe, so that no finding loses its rule.
    var reportedRules: [RuleDescriptor] {
        let described = Set(rules.map(\.id))
        var undescribed: [String: Severity] = [:]
        for diagnostic in apps.flatMap(\.diagnostics) where !described.contains(diagnostic.rule) {
            undescribed[diagnostic.rule] = max(undescribed[diagnostic.rule] ?? .note, diagnostic.severity)
        }
        return rules + undescribed.sorted { $0.key < $1.key }.map { id, severity in
            RuleDescriptor(
                id: id, severity: severity, category: "",
                summary: "findings of rule '\(id)'",
                explanation: "Tollgate reported findings of rule '\(id)', which this report does not describe.")
        }
    }
}
