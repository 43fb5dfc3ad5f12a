import Foundation

/// The `--format json` report: totals, each app's review checklist, and every finding in source order.
package struct JSONFormat: Sendable {
    package init() {}

    package func render(_ report: ValidationReport) -> String {
        JSONEncoder.report(
            Document(
                version: 1,
                summary: Summary(
                    errors: report.count(.error), warnings: report.count(.warning), notes: report.count(.note),
                    apps: report.apps.count),
                apps: report.apps.map(App.init),
                diagnostics: report.diagnostics.map(Finding.init)))
    }
}

extension JSONFormat {
    struct Document: Encodable {
        var version: Int
        var summary: Summary
        var apps: [App]
        var diagnostics: [Finding]
    }

    struct Summary: Encodable {
        var errors: Int
        var warnings: Int
        var notes: Int
        var apps: Int
    }

    struct App: Encodable {
        var app: String
        var file: String
        var errors: Int
        var warnings: Int
        var checklist: [Item]

        init(_ report: AppReport) {
            app = report.app
            file = report.file
            errors = report.diagnostics.count { $0.severity == .error }
            warnings = report.diagnostics.count { $0.severity == .warning }
            checklist = report.checklist.map(Item.init)
        }
    }

    struct Item: Encodable {
        var item: String
        var rule: String
        var status: ChecklistStatus
        var evidence: String

        init(_ entry: ChecklistEntry) {
            item = entry.item
            rule = entry.rule
            status = entry.status
            evidence = entry.evidence
        }
    }

    /// One finding as `--format json` writes it; the service's problem answers list findings in this shape.
    package struct Finding: Encodable {
        var file: String
        var line: Int
        var column: Int
        var endLine: Int
        var endColumn: Int
        var severity: Severity
        var rule: String
        var message: String
        var help: String?
        var related: [Related]

        enum CodingKeys: String, CodingKey {
            case file, line, column, severity, rule, message, help, related
            case endLine = "end_line"
            case endColumn = "end_column"
        }

        package init(_ diagnostic: Diagnostic) {
            file = diagnostic.span.file
            line = diagnostic.span.start.line
            column = diagnostic.span.start.column
            endLine = diagnostic.span.end.line
            endColumn = diagnostic.span.end.column
            severity = diagnostic.severity
            rule = diagnostic.rule
            message = diagnostic.message
            help = diagnostic.help
            related = diagnostic.related.map(Related.init)
        }
    }

    struct Related: Encodable {
        var file: String
        var line: Int
        var column: Int
        var message: String

        init(_ related: Diagnostic.Related) {
            file = related.span.file
            line = related.span.start.line
            column = related.span.start.column
            message = related.message
        }
    }
}
