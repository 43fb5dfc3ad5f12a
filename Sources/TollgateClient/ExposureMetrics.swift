/// What became of the exposures the client recorded: how many it holds, sent, or lost, and the last error of a
/// send. Counts start at 0 when the client is created.
public struct ExposureMetrics: Hashable, Sendable {
    /// Exposures taken in: each first decision of a user, experiment, seed and variant answered by a split.
    public var recorded = 0
    /// Exposures held now, waiting to be sent or being sent.
    public var held = 0
    /// Exposures the service accepted.
    public var sent = 0
    /// Exposures the service answered in `rejected` (such as `wrong-variant` from an app on an older bundle).
    public var rejected = 0
    /// Exposures dropped unsent because the queue was full (`Configuration.exposureQueueLimit`): the oldest go,
    /// which a batch put back after a failed send is when the queue filled meanwhile.
    public var dropped = 0
    /// Exposures dropped unsent because the service refused their batch: any answer but a 2xx, a 5xx or a 429,
    /// such as a 400.
    public var refused = 0
    /// The error of the last send that failed, whether the batch is tried again (the service unreachable, 5xx,
    /// 429) or dropped (another answer: `refused` with the problem's kind, or `unexpectedStatus`); nil after a
    /// batch the service took.
    public var lastError: TollgateClientError?

    /// No exposure yet: every count 0, no error.
    public init() {}
}
