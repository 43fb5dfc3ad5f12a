import PolicyModel
import TollgateEvaluation

extension Pair {
    /// Placements added, removed or retitled; their audiences added, removed, reordered, or changed in
    /// condition or outcome.
    func placements() -> [PolicyChange] {
        let oldIDs = old.placements.map(\.id.value)
        return (oldIDs + new.placements.map(\.id.value).filter { !oldIDs.contains($0) }).flatMap { id -> [PolicyChange] in
            let before = old.placements.first { $0.id.value == id }
            let after = new.placements.first { $0.id.value == id }
            switch (before, after) {
            case (nil, let added?): return [PolicyChange(.placements, .added, id, describe(added))]
            case (let removed?, nil): return [PolicyChange(.placements, .removed, id, describe(removed))]
            case (let before?, let after?): return audienceChanges(before, after)
            default: return []
            }
        }
    }

    /// `onboarding`'s audiences in order: `subscribers ('"premium" in tiers': nothing), everyone (paywall main)`.
    private func describe(_ placement: Placement) -> String {
        placement.audiences.map { "\($0.id.value) (\(describe($0)))" }.joined(separator: ", ")
    }

    /// An audience's condition and outcome: `'"premium" in tiers': nothing`, or `always: paywall main`.
    private func describe(_ audience: Audience) -> String {
        "\(condition(audience)): \(Self.outcome(audience.outcome?.value))"
    }

    private func condition(_ audience: Audience) -> String {
        audience.when.map { "'\($0.text.value)'" } ?? "always"
    }

    /// What an audience or variant shows: `paywall main`, `experiment e`, `nothing`.
    static func outcome(_ outcome: AudienceOutcome?) -> String {
        switch outcome {
        case .paywall(let id)?: "paywall \(id)"
        case .experiment(let id)?: "experiment \(id)"
        case .nothing?, nil: "nothing"
        }
    }

    private func audienceChanges(_ before: Placement, _ after: Placement) -> [PolicyChange] {
        let id = before.id.value
        var changes: [PolicyChange] = []
        if before.title?.value != after.title?.value {
            changes.append(PolicyChange(.placements, .changed, id,
                                        "title \(Self.quoted(before.title?.value)) → \(Self.quoted(after.title?.value))"))
        }
        let oldIDs = before.audiences.map(\.id.value)
        let newIDs = after.audiences.map(\.id.value)
        let keptOld = oldIDs.filter(newIDs.contains)
        let keptNew = newIDs.filter(oldIDs.contains)
        if keptOld != keptNew {
            changes.append(PolicyChange(.placements, .changed, id, "audience order \(keptOld.listed) → \(keptNew.listed)"
                                            + ": users may land in another audience"))
        }
        for audience in oldIDs + newIDs.filter({ !oldIDs.contains($0) }) {
            let subject = "\(id)/\(audience)"
            let was = before.audiences.first { $0.id.value == audience }
            let now = after.audiences.first { $0.id.value == audience }
            switch (was, now) {
            case (nil, let added?): changes.append(PolicyChange(.placements, .added, subject, describe(added)))
            case (let removed?, nil): changes.append(PolicyChange(.placements, .removed, subject, describe(removed)))
            case (let was?, let now?):
                var parts: [String] = []
                if condition(was) != condition(now) { parts.append("when \(condition(was)) → \(condition(now))") }
                let (shown, shows) = (Self.outcome(was.outcome?.value), Self.outcome(now.outcome?.value))
                if shown != shows { parts.append("shows \(shown) → \(shows)") }
                if !parts.isEmpty { changes.append(PolicyChange(.placements, .changed, subject, parts.joined(separator: "; "))) }
            default: break
            }
        }
        return changes
    }

    /// Experiments added, removed or changed in status, seed, winner, variants or weights, with the share of
    /// users whose variant changes.
    func experiments() -> [PolicyChange] {
        let oldIDs = old.experiments.map(\.id.value)
        return (oldIDs + new.experiments.map(\.id.value).filter { !oldIDs.contains($0) }).compactMap { id in
            let before = old.experiments.first { $0.id.value == id }
            let after = new.experiments.first { $0.id.value == id }
            switch (before, after) {
            case (nil, let added?): return PolicyChange(.experiments, .added, id, describe(added))
            case (let removed?, nil): return PolicyChange(.experiments, .removed, id, describe(removed))
            case (let before?, let after?): return change(before, after)
            default: return nil
            }
        }
    }

    /// `running, seed s; variants control (paywall main) 45, holdout (nothing) 10`.
    private func describe(_ experiment: Experiment) -> String {
        "\(experiment.status.value.rawValue)" + (experiment.winner.map { ", winner \($0.value)" } ?? "")
            + ", seed \(experiment.effectiveSeed); variants "
            + experiment.variants.map { "\($0.id.value) (\(Self.outcome($0.outcome?.value))) \($0.weight.value)" }
                .joined(separator: ", ")
    }

    private func change(_ before: Experiment, _ after: Experiment) -> PolicyChange? {
        let id = before.id.value
        var parts: [String] = []
        if before.title?.value != after.title?.value {
            parts.append("title \(Self.quoted(before.title?.value)) → \(Self.quoted(after.title?.value))")
        }
        if before.status.value != after.status.value {
            parts.append("status \(before.status.value.rawValue) → \(after.status.value.rawValue)")
        }
        if before.effectiveSeed != after.effectiveSeed {
            parts.append("seed \(before.effectiveSeed) → \(after.effectiveSeed): every user is assigned anew")
        }
        if before.winner?.value != after.winner?.value {
            parts.append("winner \(before.winner?.value ?? "none") → \(after.winner?.value ?? "none")")
        }
        let weights = { (experiment: Experiment) in
            experiment.variants.map { "\($0.id.value) \($0.weight.value)" }.joined(separator: ", ")
        }
        if weights(before) != weights(after) { parts.append("variants \(weights(before)) → \(weights(after))") }
        for variant in after.variants {
            guard let was = before.variants.first(where: { $0.id.value == variant.id.value }) else { continue }
            let (shown, shows) = (Self.outcome(was.outcome?.value), Self.outcome(variant.outcome?.value))
            if shown != shows { parts.append("variant \(variant.id.value) shows \(shown) → \(shows)") }
        }
        guard !parts.isEmpty else { return nil }
        let moved = Bucketing.movedShare(from: Self.assignment(before), to: Self.assignment(after))
        return PolicyChange(.experiments, .changed, id, parts.joined(separator: "; "), movedShare: moved)
    }

    /// The split an experiment makes in production: its weights while running; everything to the first variant
    /// while paused and to the winner once concluded.
    static func assignment(_ experiment: Experiment) -> PolicyBundle.Experiment {
        let fixed: Int? = switch experiment.status.value {
        case .running: nil
        case .paused: 0
        case .concluded: experiment.variants.firstIndex { $0.id.value == experiment.winner?.value } ?? 0
        }
        let variants = experiment.variants.enumerated().map { index, variant in
            let weight = fixed.map { $0 == index ? 1 : 0 } ?? UInt32(clamping: variant.weight.value)
            return PolicyBundle.Variant(id: variant.id.value, paywall: variant.paywall, weight: weight)
        }
        return PolicyBundle.Experiment(id: experiment.id.value, seed: experiment.effectiveSeed,
                                       status: experiment.status.value, winner: experiment.winner?.value,
                                       variants: variants)
    }

    private static func quoted(_ text: String?) -> String {
        text.map { "'\($0)'" } ?? "none"
    }
}
