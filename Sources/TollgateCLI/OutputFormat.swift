import Diagnostics

/// The values one command's `--format` takes, in the order `--help` lists them; read once, as `arguments.format()`.
protocol OutputFormat: RawRepresentable<String>, CaseIterable, Sendable {}

extension OutputFormat {
    /// The values, as `--help` lists them.
    static var choices: [String] { allCases.map(\.rawValue) }
}

/// `diff`, `history` and `fleet`: for people, or JSON.
enum TextOrJSON: String, OutputFormat {
    case text, json
}

/// `experiment`: simulate's text or JSON, and results' text, JSON, Markdown or HTML page.
enum ExperimentFormat: String, OutputFormat {
    case text, json, markdown, html
}

/// `eval` and `resolve`: a decision as JSON (the default), or for people.
enum DecisionFormat: String, OutputFormat {
    case json, text
}

/// `validate` and `catalog check`: a report's formats.
enum ReportFormat: String, OutputFormat {
    case text, json, sarif, github, junit, markdown
}

/// `matrix`: a table's formats.
enum TableFormat: String, OutputFormat {
    case markdown, html, csv
}

/// `render`: a paywall page's formats.
enum PageFormat: String, OutputFormat {
    case text, json, markdown, html
}

/// `explain --all`: the rule list's formats.
enum RuleListFormat: String, OutputFormat {
    case text, markdown
}

/// `catalog export`: the catalog file's formats.
enum CatalogExportFormat: String, OutputFormat {
    case storekit
}

extension Option {
    /// `--format <format>`, taking the values of `Format`, `defaultValue` when not given.
    static func format<Format: OutputFormat>(_ defaultValue: Format, help: String) -> Option {
        .value(.format, valueName: "format", help: help, default: .value(defaultValue.rawValue), choices: Format.choices)
    }
}

extension Arguments {
    /// The `--format` value as the command's `Format`: given, else its declared default.
    func format<Format: OutputFormat>(_ type: Format.Type = Format.self) throws(CommandError) -> Format {
        let value = try required(.format)
        guard let format = Format(rawValue: value) else {
            throw .usage("invalid value '\(value)' for '--format <format>'",
                         help: Suggestion.help(for: value, among: Format.choices, listing: "'--format' takes"))
        }
        return format
    }
}
