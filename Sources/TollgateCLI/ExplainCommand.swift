import Diagnostics
import PolicyValidation

/// `tollgate explain`: what a rule checks, why, and how to fix a finding.
enum ExplainCommand {
    static let command = Tollgate.Command(
        name: "explain",
        summary: "what a rule checks, why, and how to fix it",
        discussion: """
            Prints a rule's id, severity, section, summary and explanation. --all prints
            every rule; with --format markdown, the table that docs/rules.md of the
            Tollgate repository holds.
            """,
        arguments: [Positional(name: "rule", help: "a rule's id, such as unknown-tier", isRequired: false)],
        options: [
            .flag(.all, help: "describe every rule"),
            .format(RuleListFormat.text, help: "the format of --all"),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let rules = ValidateCommand.rules
        if arguments.has(.all) {
            guard arguments.positional.isEmpty else { throw .usage("'--all' and a rule cannot be used together") }
            let format: RuleListFormat = try arguments.format()
            return CommandResult(stdout: format == .markdown ? table(rules) : rules.map(describe).joined(separator: "\n"))
        }
        guard !arguments.has(.format) else {
            throw .usage("'--format' needs '--all'", help: "one rule is always described as text")
        }
        guard let id = arguments.positional.first else {
            throw .usage("missing argument '<rule>'", help: "name a rule, or describe every rule with '--all'")
        }
        guard let rule = rules.first(where: { $0.id == id }) else {
            throw .badArgument("unknown rule '\(id)'", help: Suggestion.didYouMean(id, in: rules.map(\.id))
                ?? "'tollgate explain --all' lists every rule")
        }
        return CommandResult(stdout: describe(rule))
    }

    static func describe(_ rule: RuleDescriptor) -> String {
        var text = "\(rule.id) (\(rule.severity.rawValue), \(rule.category)): \(rule.summary)\n"
        if let item = rule.checklistItem { text += "review checklist: \(item)\n" }
        return text + "\n" + Help.words(rule.explanation, width: 96).map { "  " + $0 }.joined(separator: "\n") + "\n"
    }

    /// The rule table of docs/rules.md: id, severity, category, summary.
    static func table(_ rules: [RuleDescriptor]) -> String {
        var text = "| rule | severity | section | what it checks |\n| --- | --- | --- | --- |\n"
        for rule in rules {
            text += "| `\(rule.id)` | \(rule.severity.rawValue) | \(rule.category) | \(rule.summary) |\n"
        }
        return text
    }
}
