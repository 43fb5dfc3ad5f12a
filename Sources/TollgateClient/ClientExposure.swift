import TollgateEvaluation

/// One exposure of the client's own: the user `resolve` answered by a running experiment's split, with the
/// variant and when.
struct ClientExposure: Hashable, Sendable {
    /// What makes two exposures the same for deduplication: the user, experiment, seed and variant, as
    /// GrowthBook's SDK tells its exposures apart.
    struct Key: Hashable, Sendable {
        var user: String
        var experiment: String
        var seed: String
        var variant: String
    }

    var experiment: String
    /// The experiment's seed in the bundle that answered; not sent (the service knows it), only deduplicated on.
    var seed: String
    var variant: String
    var user: String
    var time: Timestamp

    var key: Key { Key(user: user, experiment: experiment, seed: seed, variant: variant) }
}
