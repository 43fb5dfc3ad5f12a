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
        /// How the polling loop waits out a pause, in seconds; returns early when the loop is cancelled. Tests
        /// replace it to see each pause without waiting it out.
        package var pause: @Sendable (TimeInterval) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        }

        /// A configuration that polls `app` on `server`, holding each request up to 30 seconds.
        public init(server: URL, app: String, cacheFile: URL? = nil, wait: Int = 30, retryDelay: TimeInterval = 1,
                    maximumRetryDelay: TimeInterval = 60) {
            self.server = server
            self.app = app
            self.cacheFile = cacheFile
            self.wait = wait
            self.retryDelay = retryDelay
            self.maximumRetryDelay = maximumRetryDelay
        }

        /// `wait` within what the server accepts.
        var heldSeconds: Int { min(max(wait, 1), 60) }
    }
}
