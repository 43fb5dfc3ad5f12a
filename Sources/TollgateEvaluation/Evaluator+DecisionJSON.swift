public import Foundation
import JSON

extension Evaluator {
    /// The JSON of `evaluate(input, now:)`'s decision, byte for byte `evaluate(input, now:).json()`, written
    /// straight from the tier set and the policy's prepared parts (`DecisionLayout`) without building the decision's
    /// dictionaries: what the service answers with on every request.
    public func decisionJSON(_ input: EvaluationInput, now fallback: Date) -> [UInt8] {
        let layout = policy.tables.decisionLayout
        guard !layout.repeatsFeatures else { return evaluate(input, now: fallback).json() }
        let judgement = judge(input, now: fallback)
        var writer = JSONWriter(capacity: 512 + 96 * layout.features.count)
        writer.object { members in
            members.member("ads") { ads in
                ads.object { members in
                    members.member("enabled") { $0.bool(judgement.adsEnabled) }
                    members.member("placements") {
                        $0.fragment(judgement.adsEnabled ? layout.placementsShown : layout.placementsHidden)
                    }
                    members.member("reason") { $0.string(judgement.adsReason) }
                }
            }
            members.member("app") { $0.fragment(layout.app) }
            members.member("explain") { explain(judgement, layout: layout, into: &$0) }
            members.member("features") { writer in
                writer.object { members in
                    for feature in layout.features {
                        members.member(written: feature.name) { $0.bool(judgement.tiers.contains(feature.tier)) }
                    }
                }
            }
            members.member("policy") { $0.fragment(layout.policy) }
            members.member("tiers") { $0.array(judgement.tierIDs) }
            members.member("upsell") { upsell(judgement, layout: layout, into: &$0) }
            members.member("warnings") { $0.array(judgement.warnings) }
        }
        return writer.bytes
    }

    /// The `explain` object. A sentence depends only on the feature's tier, so each tier's is written once and
    /// copied for its other features.
    private func explain(_ judgement: Judgement, layout: DecisionLayout, into writer: inout JSONWriter) {
        let tables = policy.tables
        var written = [Range<Int>?](repeating: nil, count: tables.bundle.tiers.count)
        writer.object { members in
            for feature in layout.features {
                members.member(written: feature.name) { writer in
                    let tier = feature.tier
                    let unlocked = judgement.tiers.contains(tier)
                    if tables.free.contains(tier) {
                        writer.fragment(layout.free)
                    } else if !unlocked, judgement.reasons.isPlainNeed(tier: tier) {
                        writer.fragment(layout.needs[tier])
                    } else if let range = written[tier] {
                        writer.fragment(at: range)
                    } else {
                        let start = writer.bytes.count
                        writer.string(judgement.reasons.feature(tier: tier, unlocked: unlocked))
                        written[tier] = start..<writer.bytes.count
                    }
                }
            }
        }
    }

    /// The `upsell` object: for each locked feature, the products that would unlock it.
    private func upsell(_ judgement: Judgement, layout: DecisionLayout, into writer: inout JSONWriter) {
        writer.object { members in
            for feature in layout.features where !judgement.tiers.contains(feature.tier) {
                members.member(written: feature.name) { writer in
                    let offers = offerIndexes(for: feature.tier, currency: judgement.currency,
                                              soldIn: judgement.marketplace)
                    writer.array(offers) { $0.fragment(layout.products[$1]) }
                }
            }
        }
    }
}
