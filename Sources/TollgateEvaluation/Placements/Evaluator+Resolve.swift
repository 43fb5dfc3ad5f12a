public import Foundation

extension Evaluator {
    /// Which paywall the user in `context` sees at `placement`, judged at `context.now` or else at `now`;
    /// nil for a placement the policy does not have. Allocates nothing.
    public func resolve(placement: String, context: EvaluationInput, now: Date) -> PlacementDecision? {
        var trace = SilentTrace()
        return resolve(placement: placement, context: context, now: now, trace: &trace)
    }

    /// `resolve` with one sentence per audience tried: why it did not match, or that it did.
    public func resolveExplained(placement: String, context: EvaluationInput, now: Date)
        -> (decision: PlacementDecision, trace: [String])?
    {
        var trace = SentenceTrace()
        guard let decision = resolve(placement: placement, context: context, now: now, trace: &trace) else { return nil }
        return (decision, trace.sentences)
    }

    private func resolve(placement id: String, context: EvaluationInput, now fallback: Date,
                         trace: inout some ResolveTrace) -> PlacementDecision? {
        let tables = policy.tables
        guard let index = tables.placements.index[id] else { return nil }
        let now = context.now ?? fallback
        let access = access(context.entitlements, synced: context.synced, consent: context.consent, now: now)
        let facts = AudienceFacts(user: context.user, tiers: access.tiers, adsEnabled: access.adsEnabled,
                                  daysSinceInstall: context.user.installDate.map { Self.wholeDays(from: $0, to: now) },
                                  tables: tables)
        let placements = tables.placements
        let placement = placements.placements[index]
        for position in placement.audiences.indices {
            var absent: ContextName?
            guard placement.audiences[position].condition.holds(facts, absent: &absent) else {
                trace.skipped(placement.audiences[position], absent: absent)
                continue
            }
            let audience = placement.audiences[position]
            trace.matched(audience)
            switch audience.outcome {
            case .paywall(let paywall):
                return PlacementDecision(placement: placement.id, paywall: paywall, audience: audience.id,
                                         reason: .targetingMatch)
            case .nothing:
                return PlacementDecision(placement: placement.id, audience: audience.id, reason: .targetingMatch)
            case .experiment(let experimentPosition):
                let experiment = placements.experiments[experimentPosition]
                let (variant, bucket, reason) = assign(experiment, userID: context.user.userID)
                if reason == .fallback { trace.unbucketed(experiment) }
                return PlacementDecision(placement: placement.id, paywall: experiment.variants[variant].paywall,
                                         audience: audience.id, experiment: experiment.id,
                                         variant: experiment.variants[variant].id, bucket: bucket, reason: reason)
            }
        }
        return PlacementDecision(placement: placement.id, reason: .fallback)
    }

    /// The variant of `experiment` for `userID` (its position), the bucket and the reason: by bucket while
    /// running, the first while paused or without a user id, the winner once concluded.
    private func assign(_ experiment: borrowing CompiledPlacements.Experiment, userID: String?)
        -> (variant: Int, bucket: UInt64?, reason: PlacementDecision.Reason)
    {
        switch experiment.status {
        case .paused:
            return (0, nil, .fixed)
        case .concluded:
            return (experiment.winner ?? 0, nil, .fixed)
        case .running:
            guard let userID, !userID.isEmpty else { return (0, nil, .fallback) }
            let slot = Bucketing.bucket(hash: Bucketing.hash(seed: experiment.seed, userID: userID),
                                        total: experiment.totalWeight)
            return (Bucketing.variant(weights: experiment.weights, bucket: slot) ?? 0, slot, .split)
        }
    }

    /// Whole days from `start` to `end`, rounded down; negative when `start` is later.
    static func wholeDays(from start: Date, to end: Date) -> Int {
        let days = (end.timeIntervalSince(start) / 86_400).rounded(.down)
        return days.isFinite ? Int(max(min(days, 1e9), -1e9)) : 0
    }
}

/// What `resolve` says about each audience it tries; the silent trace costs nothing.
protocol ResolveTrace {
    mutating func skipped(_ audience: CompiledPlacements.Audience, absent: ContextName?)
    mutating func matched(_ audience: CompiledPlacements.Audience)
    mutating func unbucketed(_ experiment: CompiledPlacements.Experiment)
}

struct SilentTrace: ResolveTrace {
    @inline(__always) mutating func skipped(_ audience: CompiledPlacements.Audience, absent: ContextName?) {}
    @inline(__always) mutating func matched(_ audience: CompiledPlacements.Audience) {}
    @inline(__always) mutating func unbucketed(_ experiment: CompiledPlacements.Experiment) {}
}

/// The trace as sentences: `subscribers: '"premium" in tiers' is false`, `japan-new: matched`.
struct SentenceTrace: ResolveTrace {
    var sentences: [String] = []

    mutating func skipped(_ audience: CompiledPlacements.Audience, absent: ContextName?) {
        let because = absent.map { " (\($0.spelling) is absent)" } ?? ""
        sentences.append("\(audience.id): '\(audience.when ?? "")' is false\(because)")
    }

    mutating func matched(_ audience: CompiledPlacements.Audience) {
        sentences.append("\(audience.id): matched")
    }

    mutating func unbucketed(_ experiment: CompiledPlacements.Experiment) {
        sentences.append("\(experiment.id): no user_id to bucket by, so the first variant '\(experiment.variants[0].id)'")
    }
}
