import Diagnostics
import TollgateEvaluation

/// The report as Markdown, for a pull request or a wiki: the warning as a quote at the top, one table per metric.
extension ExperimentReport {
    package var markdown: String {
        var text = srmWarning.map { "> **Warning:** \($0.markdownInline)\n\n" } ?? ""
        text += "## \(app.markdownInline): experiment \(experiment.markdownInline)\n\n"
        text += "Status \(status.rawValue), seed `\(seed)`.\n\n"
        text += facts.map { "- \($0.markdownInline)\n" }.joined()
        for metric in Metric.allCases {
            text += "\n### \(metric.title.prefix(1).uppercased() + metric.title.dropFirst())\n\n"
            text += "| " + Self.columns.joined(separator: " | ") + " |\n"
            text += "| --- |" + String(repeating: " ---: |", count: Self.columns.count - 1) + "\n"
            for row in rows(metric) {
                text += "| " + row.map(\.markdownInline).joined(separator: " | ") + " |\n"
            }
        }
        return text
    }
}
