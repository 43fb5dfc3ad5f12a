package import TollgateEvaluation

/// Where the router reports each decision it answers by an experiment's split, as the user saw it. Reporting
/// returns at once: the sink buffers, and writes to the store off the request path.
package protocol ExposureSink: Sendable {
    /// Takes one exposure: `user` saw `variant` of `experiment` (bucketed under `seed`) of `app` at `time`,
    /// answered by the policy `policy` (its hash).
    func expose(app: String, experiment: String, seed: String, variant: String, user: String, time: Timestamp,
                policy: String)
}
