import Foundation
import Statistics

/// What the text, Markdown and HTML formats share: the warnings, the facts of the period and one table per
/// metric, as text cells.
extension ExperimentReport {
    /// The sample ratio mismatch warning, nil when the split is as the weights say.
    var srmWarning: String? {
        guard srm.warning else { return nil }
        let users = variants.map { $0.users.formatted(.number.grouping(.never)) }.joined(separator: " / ")
        let weights = variants.map { String($0.weight) }.joined(separator: " / ")
        return "sample ratio mismatch: users split \(users) against weights \(weights) (p = "
            + Self.pValue(srm.pValue) + " < 0.001). The assignment or the exposure recording is broken, so these "
            + "results cannot be trusted; find the cause (a variant that crashes or loads slower, exposures recorded "
            + "in one variant only, a weight or seed changed while running) before reading them."
    }

    /// The facts every format prints under the title.
    var facts: [String] {
        var facts = [
            "period \(from) to \(to); purchases count within \(window) of each user's first exposure",
            "revenue in \(currency); " + (sequential ? "sequential (always-valid) intervals and p-values"
                : "fixed-horizon intervals and p-values (use --sequential when looking at results often)"),
            "users seen in more than one variant, left out: \(multipleExposures)",
        ]
        if leftOutPurchases > 0 {
            facts.append("purchases left out of revenue (a price that cannot be counted in \(currency)): "
                + "\(leftOutPurchases)")
        }
        return facts
    }

    static let columns = ["variant", "users", "sum", "mean", "uplift", "95% interval", "p-value", "chance to win",
                          "risk (control / variant)"]

    /// One row per variant of `metric`: the control's comparison cells are empty.
    func rows(_ metric: Metric) -> [[String]] {
        variants.map { variant in
            guard let result = variant.metrics[metric] else { return [variant.variant] }
            let sum = metric.isBinary ? String(Int(result.sum)) : String(format: "%.2f", result.sum)
            let mean = metric.isBinary ? Self.percent(result.mean) : String(format: "%.4f", result.mean)
            var row = [variant.variant, String(variant.users), sum, mean]
            guard let uplift = result.uplift else { return row + ["control", "", "", "", ""] }
            // gbstats answers a comparison without variance (no buyers, or all) with a zero-width interval.
            guard uplift.ci.lower != uplift.ci.upper else { return row + ["too few data", "", "", "", ""] }
            row += [Self.signedPercent(uplift.relative),
                    "[" + Self.signedPercent(uplift.ci.lower) + ", " + Self.signedPercent(uplift.ci.upper) + "]",
                    Self.pValue(uplift.pValue)]
            row.append(result.chanceToWin.map { Self.percent($0) } ?? "")
            row.append(result.risk.map { Self.percent($0.control) + " / " + Self.percent($0.treatment) } ?? "")
            return row
        }
    }

    static func percent(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f%%", value * 100) : "-"
    }

    static func signedPercent(_ value: Double) -> String {
        value.isFinite ? String(format: "%+.2f%%", value * 100) : "-"
    }

    /// Four decimals, or a bound below them.
    static func pValue(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        return value < 0.0001 ? "<0.0001" : String(format: "%.4f", value)
    }
}
