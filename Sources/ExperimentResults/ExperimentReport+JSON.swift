import JSON
import Statistics
import Store
import TollgateEvaluation

/// The report as JSON (docs/experiments.md): what `--format json` prints, the admin route answers and the studio
/// draws. Numbers are printed in full; one that is not finite is `null`.
extension ExperimentReport {
    package var json: [UInt8] {
        var writer = JSONWriter(capacity: 1024 + 1024 * variants.count + 64 * days.count)
        writer.object { body in
            body.member("app") { $0.string(app) }
            body.member("experiment") { $0.string(experiment) }
            body.member("seed") { $0.string(seed) }
            body.member("status") { $0.string(status.rawValue) }
            body.member("from") { $0.string(from.description) }
            body.member("to") { $0.string(to.description) }
            body.member("window") { $0.string(window.description) }
            body.member("currency") { $0.string(currency) }
            body.member("sequential") { $0.bool(sequential) }
            body.member("srm") { srm in
                srm.object { fields in
                    fields.member("p_value") { $0.finite(self.srm.pValue) }
                    fields.member("warning") { $0.bool(self.srm.warning) }
                }
            }
            body.member("multiple_exposures") { $0.integer(multipleExposures) }
            body.member("left_out_purchases") { $0.integer(leftOutPurchases) }
            body.member("variants") { list in
                list.array(variants) { item, variant in
                    item.object { fields in
                        fields.member("variant") { $0.string(variant.variant) }
                        fields.member("weight") { $0.integer(variant.weight) }
                        fields.member("users") { $0.integer(variant.users) }
                        fields.member("metrics") { metrics in
                            metrics.object { members in
                                for metric in Metric.allCases {
                                    guard let result = variant.metrics[metric] else { continue }
                                    members.member(metric.rawValue) { $0.metric(result, binary: metric.isBinary) }
                                }
                            }
                        }
                    }
                }
            }
            body.member("days") { list in
                list.array(days) { item, day in
                    item.object { fields in
                        fields.member("day") { $0.string(day.day) }
                        fields.member("users") { users in
                            users.object { members in
                                for variant in variants {
                                    members.member(variant.variant) { $0.integer(day.users[variant.variant] ?? 0) }
                                }
                            }
                        }
                    }
                }
            }
        }
        return writer.bytes
    }
}

extension JSONWriter {
    /// `value`, or `null` when it is not finite.
    mutating func finite(_ value: Double) {
        if value.isFinite { number(value) } else { null() }
    }

    /// `{"sum", "mean", "uplift", "chance_to_win", "risk"}`; a count's sum is an integer.
    mutating func metric(_ result: ExperimentReport.MetricResult, binary: Bool) {
        object { fields in
            fields.member("sum") { writer in
                if binary, let count = Int(exactly: result.sum) { writer.integer(count) } else { writer.finite(result.sum) }
            }
            fields.member("mean") { $0.finite(result.mean) }
            fields.member("uplift") { writer in
                guard let uplift = result.uplift else { return writer.null() }
                writer.object { members in
                    members.member("relative") { $0.finite(uplift.relative) }
                    members.member("ci") { ci in
                        ci.array([uplift.ci.lower, uplift.ci.upper]) { $0.finite($1) }
                    }
                    members.member("p_value") { $0.finite(uplift.pValue) }
                }
            }
            fields.member("chance_to_win") { writer in
                guard let chance = result.chanceToWin else { return writer.null() }
                writer.finite(chance)
            }
            fields.member("risk") { writer in
                guard let risk = result.risk else { return writer.null() }
                writer.array([risk.control, risk.treatment]) { $0.finite($1) }
            }
        }
    }
}
