import Foundation
import TollgateEvaluation

/// The report as the terminal shows it: the warnings first, then one aligned table per metric.
extension ExperimentReport {
    package var text: String {
        var text = srmWarning.map { "warning: \($0)\n" } ?? ""
        text += "\(app): experiment \(experiment) (\(status.rawValue), seed '\(seed)')\n"
        text += facts.map { "  \($0)\n" }.joined()
        for metric in Metric.allCases {
            text += "\n\(metric.title)\n"
            let table = [Self.columns] + rows(metric)
            let widths = Self.columns.indices.map { column in table.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
            for row in table {
                let cells = row.enumerated().map { index, cell in
                    index == 0 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[index] - cell.count) + cell
                }
                text += "  " + cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
            }
        }
        return text
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
