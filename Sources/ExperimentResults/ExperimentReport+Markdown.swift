import TollgateEvaluation

/// The report as Markdown, for a pull request or a wiki: the warning as a quote at the top, one table per metric.
extension ExperimentReport {
    package var markdown: String {
        var text = srmWarning.map { "> **Warning:** \(Self.escaped($0))\n\n" } ?? ""
        text += "## \(Self.escaped(app)): experiment \(Self.escaped(experiment))\n\n"
        text += "Status \(status.rawValue), seed `\(seed)`.\n\n"
        text += facts.map { "- \(Self.escaped($0))\n" }.joined()
        for metric in Metric.allCases {
            text += "\n### \(metric.title.prefix(1).uppercased() + metric.title.dropFirst())\n\n"
            text += "| " + Self.columns.joined(separator: " | ") + " |\n"
            text += "| --- |" + String(repeating: " ---: |", count: Self.columns.count - 1) + "\n"
            for row in rows(metric) {
                text += "| " + row.map(Self.escaped).joined(separator: " | ") + " |\n"
            }
        }
        return text
    }

    /// `text` with Markdown's table and emphasis characters escaped.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "|*_`<\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
