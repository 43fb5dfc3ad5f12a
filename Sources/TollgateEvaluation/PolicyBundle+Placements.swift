extension PolicyBundle {
    /// A moment where the app may show a paywall, and its audiences in the order they are tried.
    public struct Placement: Codable, Hashable, Sendable {
        public var id: String
        public var audiences: [Audience]

        public init(id: String, audiences: [Audience]) {
            self.id = id
            self.audiences = audiences
        }
    }

    /// Who an audience is (`when`, absent for everyone) and what it sees: a paywall, an experiment's
    /// variant, or nothing when both are absent.
    public struct Audience: Codable, Hashable, Sendable {
        public var id: String
        public var when: String?
        public var paywall: String?
        public var experiment: String?

        public init(id: String, when: String?, paywall: String?, experiment: String?) {
            self.id = id
            self.when = when
            self.paywall = paywall
            self.experiment = experiment
        }
    }

    /// A split of users between variants by a stable hash of their id.
    public struct Experiment: Codable, Hashable, Sendable {
        public var id: String
        public var seed: String
        public var status: ExperimentStatus
        /// The variant everyone sees once the experiment is concluded.
        public var winner: String?
        public var variants: [Variant]

        public init(id: String, seed: String, status: ExperimentStatus, winner: String?, variants: [Variant]) {
            self.id = id
            self.seed = seed
            self.status = status
            self.winner = winner
            self.variants = variants
        }
    }

    /// One arm of an experiment: the paywall it shows (none when absent) and its share of users.
    public struct Variant: Codable, Hashable, Sendable {
        public var id: String
        public var paywall: String?
        public var weight: UInt32

        public init(id: String, paywall: String?, weight: UInt32) {
            self.id = id
            self.paywall = paywall
            self.weight = weight
        }
    }
}

/// Where an experiment stands: splitting users, showing everyone the first variant, or the winner.
public enum ExperimentStatus: String, Codable, Hashable, Sendable, CaseIterable {
    case running
    case paused
    case concluded
}

extension PolicyBundle.Experiment {
    /// The variant a running experiment assigns `userID`, by the same bucketing as `resolve` (flagd's: the seed
    /// and the user id hashed, then the weights in order); nil when the weights total nothing.
    public func assignedVariant(userID: String) -> String? {
        let weights = variants.map(\.weight)
        let total = weights.reduce(UInt64(0)) { $0 + UInt64($1) }
        guard total > 0, total <= Bucketing.maximumTotalWeight else { return nil }
        let bucket = Bucketing.bucket(hash: Bucketing.hash(seed: seed, userID: userID), total: total)
        return Bucketing.variant(weights: weights, bucket: bucket).map { variants[$0].id }
    }
}
