public import Foundation
public import TollgateEvaluation

/// A verified bundle the client answers from, and how fresh it is.
public struct PolicySnapshot: Sendable {
    /// Where this process got the bundle from.
    public enum Origin: Hashable, Sendable {
        /// The server sent it.
        case server
        /// The cache file held it when the client started.
        case cache
    }

    /// The compiled policy; its `hash` is the bundle's identity.
    public let policy: CompiledPolicy
    /// The evaluator of `policy`.
    public let evaluator: Evaluator
    /// The published version, when the server serves a store and said it; nil otherwise.
    public let version: Int?
    /// When the bundle was received from the server.
    public let fetched: Date
    /// When the server last said this bundle is current (a 200 with it, or a 304). The cache file is written
    /// when the bundle changes, not on every 304: after a start from it, this is when the bundle was written.
    public internal(set) var confirmed: Date
    /// Whether this process got the bundle from the server or from the cache file.
    public let origin: Origin
    /// The bundle's bytes as received, written to the cache file.
    let bundleJSON: Data

    init(policy: CompiledPolicy, bundleJSON: Data, version: Int?, fetched: Date, confirmed: Date, origin: Origin) {
        self.policy = policy
        evaluator = Evaluator(policy: policy)
        self.bundleJSON = bundleJSON
        self.version = version
        self.fetched = fetched
        self.confirmed = confirmed
        self.origin = origin
    }

    /// The app's id.
    public var app: String { policy.app }
    /// `sha256:…`: the policy hash, which the server's `ETag` names.
    public var hash: String { policy.hash }
    /// The entity tag the client sends in `If-None-Match`: the hash in quotes.
    public var etag: String { "\"\(policy.hash)\"" }

    /// How long ago the server last confirmed this bundle, at `now`.
    public func age(at now: Date = Date()) -> TimeInterval {
        max(0, now.timeIntervalSince(confirmed))
    }
}
