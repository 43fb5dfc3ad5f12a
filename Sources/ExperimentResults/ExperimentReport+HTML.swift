import Diagnostics
import Foundation
import Statistics
import Store
import TollgateEvaluation

/// The report as one HTML page without script: the warning at the top, each metric's uplift with its interval
/// drawn in SVG above its table, and each variant's users over time.
extension ExperimentReport {
    package var html: String {
        let title = "\(app): experiment \(experiment)".markupEscaped
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(title)</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
            .warning { background: #fde8e8; border-left: 4px solid #c62828; padding: .6em 1em; }
            table { border-collapse: collapse; margin: .5em 0 1.5em; }
            th, td { padding: .25em .7em; border-bottom: 1px solid #ddd; text-align: right; }
            th:first-child, td:first-child { text-align: left; }
            svg text { font: 12px system-ui, sans-serif; fill: #333; }
            </style>
            </head>
            <body>

            """
        if let warning = srmWarning {
            page += "<p class=\"warning\" role=\"alert\"><strong>Warning:</strong> \(warning.markupEscaped)</p>\n"
        }
        page += "<h1>\(title)</h1>\n<p>Status \(status.rawValue), seed <code>\(seed.markupEscaped)</code>.</p>\n<ul>\n"
        page += facts.map { "<li>\($0.markupEscaped)</li>\n" }.joined() + "</ul>\n"
        for metric in Metric.allCases {
            page += "<h2>\(metric.title.prefix(1).uppercased() + metric.title.dropFirst())</h2>\n"
            page += upliftChart(metric)
            page += "<table>\n<thead><tr>"
                + Self.columns.map { "<th scope=\"col\">\($0.markupEscaped)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
            for row in rows(metric) {
                page += "<tr>" + row.enumerated().map { index, cell in
                    index == 0 ? "<th scope=\"row\">\(cell.markupEscaped)</th>" : "<td>\(cell.markupEscaped)</td>"
                }.joined() + "</tr>\n"
            }
            page += "</tbody>\n</table>\n"
        }
        page += "<h2>Users over time</h2>\n" + usersChart + "</body>\n</html>\n"
        return page
    }

    /// The palette variants are drawn in, by their position.
    static let colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]

    /// Each non-control variant's relative uplift of `metric` as a dot on its interval, around a line at 0: green
    /// when the whole interval is above 0, red when below, grey when it holds 0.
    func upliftChart(_ metric: Metric) -> String {
        let compared = variants.dropFirst().compactMap { variant in
            variant.metrics[metric]?.uplift.map { (variant.variant, $0) }
        }
        guard !compared.isEmpty else { return "" }
        let bound = compared.flatMap { [abs($0.1.ci.lower), abs($0.1.ci.upper), abs($0.1.relative)] }
            .filter(\.isFinite).max().map { max($0, 0.01) * 1.1 } ?? 0.1
        let left = 140.0, width = 460.0, rowHeight = 28.0
        let height = rowHeight * Double(compared.count) + 30
        func x(_ value: Double) -> Double { left + (min(max(value, -bound), bound) + bound) / (2 * bound) * width }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"\(Int(height))\" role=\"img\" "
            + "aria-label=\"\(metric.title) uplift against the control, with 95% intervals\">\n"
        svg += line(x1: x(0), y1: 0, x2: x(0), y2: height - 20, color: "#999")
        svg += text(Self.signedPercent(-bound), x: x(-bound), y: height - 4, anchor: "start")
        svg += text("0", x: x(0), y: height - 4, anchor: "middle")
        svg += text(Self.signedPercent(bound), x: x(bound), y: height - 4, anchor: "end")
        for (index, (variant, uplift)) in compared.enumerated() {
            let y = rowHeight * Double(index) + rowHeight / 2
            let color = uplift.ci.lower > 0 ? "#2e7d32" : uplift.ci.upper < 0 ? "#c62828" : "#616161"
            svg += text(variant, x: left - 8, y: y + 4, anchor: "end")
            if uplift.ci.lower.isFinite, uplift.ci.upper.isFinite {
                svg += line(x1: x(uplift.ci.lower), y1: y, x2: x(uplift.ci.upper), y2: y, color: color, width: 3)
            }
            if uplift.relative.isFinite {
                svg += "<circle cx=\"\(Self.coordinate(x(uplift.relative)))\" cy=\"\(Self.coordinate(y))\" r=\"5\" "
                    + "fill=\"\(color)\"><title>\(variant.markupEscaped): \(Self.signedPercent(uplift.relative)) "
                    + "[\(Self.signedPercent(uplift.ci.lower)), \(Self.signedPercent(uplift.ci.upper))]</title></circle>\n"
            }
        }
        return svg + "</svg>\n"
    }

    /// Each variant's users first exposed up to each day, one line per variant.
    var usersChart: String {
        guard !days.isEmpty else { return "<p>No user was exposed in the period.</p>\n" }
        var totals = variants.map { _ in 0 }
        let cumulative = days.map { day in
            for (index, variant) in variants.enumerated() { totals[index] += day.users[variant.variant] ?? 0 }
            return totals
        }
        let most = max(cumulative.last?.max() ?? 1, 1)
        let left = 60.0, top = 10.0, width = 520.0, height = 200.0
        func x(_ day: Int) -> Double { left + (days.count == 1 ? width / 2 : Double(day) / Double(days.count - 1) * width) }
        func y(_ users: Int) -> Double { top + height - Double(users) / Double(most) * height }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"\(Int(height + 60))\" role=\"img\" "
            + "aria-label=\"users first exposed up to each day, by variant\">\n"
        svg += line(x1: left, y1: top + height, x2: left + width, y2: top + height, color: "#999")
        svg += line(x1: left, y1: top, x2: left, y2: top + height, color: "#999")
        svg += text(String(most), x: left - 6, y: top + 4, anchor: "end")
        svg += text("0", x: left - 6, y: top + height + 4, anchor: "end")
        svg += text(days[0].day, x: left, y: top + height + 18, anchor: "start")
        if days.count > 1 { svg += text(days[days.count - 1].day, x: left + width, y: top + height + 18, anchor: "end") }
        for (index, variant) in variants.enumerated() {
            let color = Self.colors[index % Self.colors.count]
            let points = cumulative.enumerated().map { day, totals in
                Self.coordinate(x(day)) + "," + Self.coordinate(y(totals[index]))
            }.joined(separator: " ")
            svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\">"
                + "<title>\(variant.variant.markupEscaped)</title></polyline>\n"
            let legendX = left + Double(index) * 130
            svg += "<rect x=\"\(Self.coordinate(legendX))\" y=\"\(Int(top + height + 30))\" width=\"10\" height=\"10\" "
                + "fill=\"\(color)\"/>\n"
            svg += text("\(variant.variant) (\(variant.users))", x: legendX + 14, y: top + height + 39, anchor: "start")
        }
        return svg + "</svg>\n"
    }

    private func line(x1: Double, y1: Double, x2: Double, y2: Double, color: String, width: Double = 1) -> String {
        "<line x1=\"\(Self.coordinate(x1))\" y1=\"\(Self.coordinate(y1))\" x2=\"\(Self.coordinate(x2))\" "
            + "y2=\"\(Self.coordinate(y2))\" stroke=\"\(color)\" stroke-width=\"\(Self.coordinate(width))\"/>\n"
    }

    private func text(_ content: String, x: Double, y: Double, anchor: String) -> String {
        "<text x=\"\(Self.coordinate(x))\" y=\"\(Self.coordinate(y))\" text-anchor=\"\(anchor)\">"
            + content.markupEscaped + "</text>\n"
    }

    /// A coordinate to a tenth of a pixel.
    static func coordinate(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
