import Foundation

/// The diff as text: a heading, then each section's changes, `+` added, `-` removed, `~` changed.
package struct PolicyDiffTextFormat: Sendable {
    package init() {}

    package func render(_ report: PolicyDiffReport) -> String {
        var lines = ["\(report.app): \(report.from) → \(report.to)"]
        guard !report.changes.isEmpty else { return lines[0] + "\nno changes\n" }
        for section in PolicyChange.Section.allCases {
            let changes = report.changes.filter { $0.section == section }
            guard !changes.isEmpty else { continue }
            lines.append(section.rawValue)
            for change in changes {
                let mark = switch change.kind {
                case .added: "+"
                case .removed: "-"
                case .changed: "~"
                }
                lines.append("  \(mark) \(change.subject): \(change.summary)")
                if !change.gainedBy.isEmpty { lines.append("      gained by buyers of \(change.gainedBy.joined(separator: ", "))") }
                if !change.lostBy.isEmpty { lines.append("      lost by buyers of \(change.lostBy.joined(separator: ", "))") }
                if let share = change.movedShare { lines.append("      users whose variant changes: \(percent(share))") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `0.125` as `12.50%`; a share above zero never rounds to `0.00%`.
    private func percent(_ share: Double) -> String {
        share > 0 && share < 0.00005 ? "under 0.01%" : String(format: "%.2f%%", share * 100)
    }
}
