public import Foundation

extension TollgateClient {
    /// Where the client syncs from, where it keeps the last good bundle, and how it paces its requests.
    public struct Configuration: Sendable {
        /// The service's base address, such as `https://policy.example.com`.
        public var server: URL
        /// The app whose bundle the client follows.
        public var app: String
        /// Where the last good bundle is kept across launches; nil keeps it in memory only.
        public var cacheFile: URL?
        /// How long the server may hold a poll until the policy changes (`Prefer: wait=N`), in seconds, 1 to 60.
        /// A 304 that comes back much sooner (a server that does not hold) is followed by a pause of this length.
        public var wait: Int
        /// The pause after the first failed request; it doubles with each failure in a row, with jitter.
        public var retryDelay: TimeInterval
        /// The longest pause between failed requests.
        public var maximumRetryDelay: TimeInterval
        /// Whether `resolve` records the exposures it answers by an experiment's split and the client sends them
        /// to `POST /v1/apps/{app}/events`.
        public var recordsExposures: Bool
        /// The most exposures held unsent, at least 1; when the queue is full, each new one drops the oldest
        /// (counted in `ExposureMetrics.dropped`).
        public var exposureQueueLimit: Int
        /// The longest time, in seconds (at least 1), an exposure waits before the client sends what it holds;
        /// a full batch of 1,000 goes at once.
        public var exposureSendInterval: TimeInterval
        /// How the polling loop and the exposures' sender wait out a pause, in seconds; returns early when the
        /// waiting task is cancelled. Tests replace it to see each pause without waiting it out.
        package var pause: @Sendable (TimeInterval) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        }

        /// A configuration that polls `app` on `server`, holding each request up to 30 seconds, and sends the
        /// exposures `resolve` answers at least every 10 seconds, holding up to 1,000.
        public init(server: URL, app: String, cacheFile: URL? = nil, wait: Int = 30, retryDelay: TimeInterval = 1,
                    maximumRetryDelay: TimeInterval = 60, recordsExposures: Bool = true, exposureQueueLimit: Int = 1000,
                    exposureSendInterval: TimeInterval = 10) {
            self.server = server
            self.app = app
            self.cacheFile = cacheFile
            self.wait = wait
            self.retryDelay = retryDelay
            self.maximumRetryDelay = maximumRetryDelay
            self.recordsExposures = recordsExposures
            self.exposureQueueLimit = exposureQueueLimit
            self.exposureSendInterval = exposureSendInterval
        }

        /// `wait` within what the server accepts.
        var heldSeconds: Int { min(max(wait, 1), 60) }

        /// `exposureSendInterval`, at least a second.
        var exposureSendSeconds: TimeInterval { max(exposureSendInterval, 1) }
    }
}
