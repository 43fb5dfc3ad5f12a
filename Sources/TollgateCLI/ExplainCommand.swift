import Diagnostics
import PolicyValidation

/// `tollgate explain`: what a rule checks, why, and how to fix a finding.
enum ExplainCommand {
    static let command = Tollgate.Command(
        name: "explain",
        summary: "what a rule checks, why, and how to fix it",
        usage: """
            usage: tollgate explain RULE
                   tollgate explain --all [--format text|markdown]

            Prints a rule's id, severity, summary and explanation; --all prints every rule
            (--format markdown: the table in the README).

            """,
        run: run)

    static func run(_ arguments: [String], _ context: CommandContext) throws(CommandError) -> CommandResult {
        let arguments = try Arguments(arguments, options: ["--format"], flags: ["--all"])
        let rules = ValidateCommand.rules
        if arguments.has("--all") {
            let format = try arguments.choice("--format", ["text", "markdown"], default: "text")
            return CommandResult(stdout: format == "markdown" ? table(rules) : rules.map(describe).joined(separator: "\n"))
        }
        guard arguments.positional.count == 1, let id = arguments.positional.first else {
            throw CommandError.usage("name one rule, or use --all")
        }
        guard let rule = rules.first(where: { $0.id == id }) else {
            let hint = Suggestion.didYouMean(id, in: rules.map(\.id)).map { "; \($0)" } ?? ""
            throw CommandError.usage("unknown rule '\(id)'\(hint)")
        }
        return CommandResult(stdout: describe(rule))
    }

    static func describe(_ rule: RuleDescriptor) -> String {
        var text = "\(rule.id) (\(rule.severity.rawValue), \(rule.category)): \(rule.summary)\n"
        if let item = rule.checklistItem { text += "review checklist: \(item)\n" }
        return text + "\n" + wrap(rule.explanation, width: 96) + "\n"
    }

    /// The README's rule table: id, severity, category, summary.
    static func table(_ rules: [RuleDescriptor]) -> String {
        var text = "| rule | severity | section | what it checks |\n| --- | --- | --- | --- |\n"
        for rule in rules {
            text += "| `\(rule.id)` | \(rule.severity.rawValue) | \(rule.category) | \(rule.summary) |\n"
        }
        return text
    }

    private static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + word.count + 1 > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { "  " + $0 }.joined(separator: "\n")
    }
}
