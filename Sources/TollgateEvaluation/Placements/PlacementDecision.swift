import JSON

/// Which paywall, if any, a user sees at a placement, and why.
public struct PlacementDecision: Hashable, Sendable {
    /// Why: as OpenFeature names an evaluation's reason.
    public enum Reason: String, Hashable, Sendable {
        /// An audience chose a paywall or nothing.
        case targetingMatch = "TARGETING_MATCH"
        /// A running experiment assigned the variant by the user's bucket.
        case split = "SPLIT"
        /// A paused or concluded experiment gives everyone the same variant.
        case fixed = "STATIC"
        /// No audience matched, or a running experiment had no user id to bucket.
        case fallback = "DEFAULT"
    }

    public var placement: String
    /// The paywall to show; nil shows nothing.
    public var paywall: String?
    public var audience: String?
    public var experiment: String?
    public var variant: String?
    /// The user's bucket among the experiment's total weight, when a running experiment split.
    public var bucket: UInt64?
    public var reason: Reason

    /// Whether a paywall shows.
    public var show: Bool { paywall != nil }

    /// The decision as the service answers it: compact JSON with sorted keys, absent values as `null`.
    public func json(app: String, policy: String, trace: [String]) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.object { members in
            members.member("app") { $0.string(app) }
            members.member("audience") { $0.optionalString(audience) }
            members.member("bucket") { writer in
                if let bucket { writer.integer(bucket) } else { writer.null() }
            }
            members.member("experiment") { $0.optionalString(experiment) }
            members.member("paywall") { $0.optionalString(paywall) }
            members.member("placement") { $0.string(placement) }
            members.member("policy") { $0.string(policy) }
            members.member("reason") { $0.string(reason.rawValue) }
            members.member("show") { $0.bool(show) }
            members.member("trace") { $0.array(trace) }
            members.member("variant") { $0.optionalString(variant) }
        }
        return writer.bytes
    }
}
