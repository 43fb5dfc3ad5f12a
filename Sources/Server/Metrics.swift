import Synchronization
import TollgateEvaluation

/// Counters the service exports at `/metrics` in Prometheus text format: requests by route and status,
/// a latency histogram by route, reloads by result, the policies served and their versions, whether the
/// store answers, and the exposures recorded and dropped.
package final class Metrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1]

    /// One route's requests: how many answered with each status, and how long they took.
    private struct RouteRequests {
        var statuses: [Int: Int] = [:]
        /// Requests by latency bucket, not cumulative.
        var counts = Array(repeating: 0, count: Metrics.buckets.count)
        var sum = 0.0
        var count = 0

        mutating func record(status: Int, seconds: Double, bucket: Int?) {
            statuses[status, default: 0] += 1
            if let bucket { counts[bucket] += 1 }
            sum += seconds
            count += 1
        }
    }

    private struct State {
        /// By route; updated in place, so that counting a request copies nothing.
        var routes: [String: RouteRequests] = [:]
        var reloads: [String: Int] = ["success": 0, "failure": 0]
        var policies: [(app: String, hash: String, version: Int?)] = []
        /// Whether the store answers; nil when the policies come from a folder.
        var storeUp: Bool?
        /// Attempts to reach or read the store that failed.
        var storeFailures = 0
        /// Store notifications answered, by store and status (or the problem that refused them).
        var notifications: [String: Int] = [:]
        /// Reads of a customer's purchases.
        var customerLookups = 0
        /// Exposures written to the store, and those dropped while it did not answer.
        var exposuresRecorded = 0
        var exposuresDropped = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// Counts one answered request.
    func record(route: String, status: Int, seconds: Double) {
        let bucket = Self.buckets.firstIndex { seconds <= $0 }
        state.withLock { state in
            state.routes[route, default: RouteRequests()].record(status: status, seconds: seconds, bucket: bucket)
        }
    }

    func countReload(success: Bool) {
        state.withLock { $0.reloads[success ? "success" : "failure", default: 0] += 1 }
    }

    func setPolicies(_ releases: [AppRelease]) {
        let policies = releases.map { (app: $0.compiled.app, hash: $0.compiled.hash, version: $0.version) }
        state.withLock { $0.policies = policies.sorted { $0.app < $1.app } }
    }

    func setStoreUp(_ up: Bool) {
        state.withLock { $0.storeUp = up }
    }

    /// Counts a store's notification, answered with `status`.
    func countNotification(store: String, status: String) {
        state.withLock { $0.notifications["store=\"\(store)\",status=\"\(status)\"", default: 0] += 1 }
    }

    /// Counts a read of a customer's purchases.
    func countCustomerLookup() {
        state.withLock { $0.customerLookups += 1 }
    }

    /// Counts exposures written to the store.
    package func countExposuresRecorded(_ count: Int) {
        state.withLock { $0.exposuresRecorded += count }
    }

    /// Counts exposures dropped because the buffer was full while the store did not answer.
    package func countExposuresDropped(_ count: Int) {
        state.withLock { $0.exposuresDropped += count }
    }

    func countStoreFailure() {
        state.withLock { $0.storeFailures += 1 }
    }

    /// The counters in Prometheus text exposition format 0.0.4.
    package func text() -> String {
        state.withLock { state in
            var lines = ["# HELP tollgate_requests_total Requests answered, by route and status.",
                         "# TYPE tollgate_requests_total counter"]
            let routes = state.routes.sorted { $0.key < $1.key }
            for (route, entry) in routes {
                lines += entry.statuses.sorted { $0.key < $1.key }.map { status, count in
                    "tollgate_requests_total{route=\"\(route)\",status=\"\(status)\"} \(count)"
                }
            }
            lines += ["# HELP tollgate_request_duration_seconds Time to answer a request, by route.",
                      "# TYPE tollgate_request_duration_seconds histogram"]
            for (route, entry) in routes {
                var cumulative = 0
                for (bound, count) in zip(Self.buckets, entry.counts) {
                    cumulative += count
                    lines.append("tollgate_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)")
                }
                lines.append("tollgate_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(entry.count)")
                lines.append("tollgate_request_duration_seconds_sum{route=\"\(route)\"} \(entry.sum)")
                lines.append("tollgate_request_duration_seconds_count{route=\"\(route)\"} \(entry.count)")
            }
            lines += ["# HELP tollgate_policy_info The policy each app is served with.", "# TYPE tollgate_policy_info gauge"]
            lines += state.policies.map { "tollgate_policy_info{app=\"\($0.app)\",policy=\"\($0.hash)\"} 1" }
            let versions = state.policies.compactMap { policy in policy.version.map { (policy.app, $0) } }
            if !versions.isEmpty {
                lines += ["# HELP tollgate_policy_version The published version each app is served at.",
                          "# TYPE tollgate_policy_version gauge"]
                lines += versions.map { "tollgate_policy_version{app=\"\($0)\"} \($1)" }
            }
            if let up = state.storeUp {
                lines += ["# HELP tollgate_store_up Whether the store answered the last time it was asked (1) or not (0).",
                          "# TYPE tollgate_store_up gauge", "tollgate_store_up \(up ? 1 : 0)"]
                lines += ["# HELP tollgate_store_failures_total Attempts to reach or read the store that failed.",
                          "# TYPE tollgate_store_failures_total counter",
                          "tollgate_store_failures_total \(state.storeFailures)"]
            }
            lines += ["# HELP tollgate_store_notifications_total Store notifications answered, by store and status.",
                      "# TYPE tollgate_store_notifications_total counter"]
            lines += state.notifications.sorted { $0.key < $1.key }.map { "tollgate_store_notifications_total{\($0.key)} \($0.value)" }
            lines += ["# HELP tollgate_customer_lookups_total Reads of a customer's purchases.",
                      "# TYPE tollgate_customer_lookups_total counter", "tollgate_customer_lookups_total \(state.customerLookups)"]
            lines += ["# HELP tollgate_exposures_recorded_total Exposures written to the store.",
                      "# TYPE tollgate_exposures_recorded_total counter",
                      "tollgate_exposures_recorded_total \(state.exposuresRecorded)"]
            lines += ["# HELP tollgate_exposures_dropped_total Exposures dropped while the store did not answer and the buffer was full.",
                      "# TYPE tollgate_exposures_dropped_total counter",
                      "tollgate_exposures_dropped_total \(state.exposuresDropped)"]
            lines += ["# HELP tollgate_reloads_total Policy reloads, by result.", "# TYPE tollgate_reloads_total counter"]
            lines += state.reloads.keys.sorted().map { "tollgate_reloads_total{result=\"\($0)\"} \(state.reloads[$0] ?? 0)" }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
