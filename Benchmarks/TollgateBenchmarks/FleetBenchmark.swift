import Foundation
import TollgateCLI

/// `fleet --dir PROJECT --store STORE --replicas URL,… [--publishes N] [--app APP]`: how long a publish takes to
/// reach every replica.
///
/// Each round edits the app's policy (the premium tier's title gets the round's number), publishes it in-process
/// with `tollgate publish --store STORE`, and watches every replica's bundle with a long poll (`If-None-Match`
/// with the ETag served before, `Prefer: wait=30`, on a thread per replica). The convergence time of a round is
/// from the moment the publish returned (just after its commit) to the moment the last replica answered with
/// the new bundle; a replica that answered before the publish returned counts as 0. Prints one line of
/// `key=value` fields: convergence and publish times (p50, p99, max) in milliseconds, rounds and replicas.
struct FleetBenchmark {
    var project: String
    var store: String
    var replicas: [(host: String, port: Int)]
    var publishes: Int
    var app: String

    init(arguments: [String]) throws(BenchmarkFailure) {
        let options = BenchmarkOptions(arguments)
        guard let project = options["--dir"], let store = options["--store"], let list = options["--replicas"] else {
            throw BenchmarkFailure("fleet needs --dir PROJECT --store STORE --replicas URL,…")
        }
        var replicas: [(String, Int)] = []
        for url in list.split(separator: ",") {
            guard let components = URLComponents(string: String(url)), let host = components.host,
                  let port = components.port else {
                throw BenchmarkFailure("'\(url)' is not a replica URL such as http://127.0.0.1:8081")
            }
            replicas.append((host, port))
        }
        self.project = project
        self.store = store
        self.replicas = replicas
        publishes = max(1, options["--publishes"].flatMap(Int.init) ?? 100)
        app = options["--app"] ?? "photocollage"
    }

    func run() throws(BenchmarkFailure) -> String {
        let policy = (project as NSString).appendingPathComponent("Policies/\(app).yaml")
        guard let original = try? String(contentsOfFile: policy, encoding: .utf8),
              original.contains("{ title: Premium,") else {
            throw BenchmarkFailure("\(policy) has no '{ title: Premium,' to edit")
        }
        let context = CommandContext(currentDirectory: project)
        var convergence: [Double] = []
        var publishing: [Double] = []
        for round in 1...publishes {
            let before = try replicas.map { (replica) throws(BenchmarkFailure) in try Self.etag(of: replica, app: app) }
            let edited = original.replacingOccurrences(of: "{ title: Premium,", with: "{ title: Premium \(round),")
            do {
                try edited.write(toFile: policy, atomically: true, encoding: .utf8)
            } catch {
                throw BenchmarkFailure("cannot write \(policy): \(error)")
            }
            let arrivals = LongPolls(replicas: replicas, app: app, etags: before)
            let start = ContinuousClock.now
            let result = Tollgate.run(["publish", "--store", store, "--app", app, "--author", "bench",
                                       "-m", "round \(round)"], context: context)
            let published = ContinuousClock.now
            guard result.exitCode == 0 else {
                throw BenchmarkFailure("publish of round \(round) failed: \(result.stderr)")
            }
            let answered = try arrivals.wait()
            publishing.append(Self.milliseconds(start.duration(to: published)))
            convergence.append(answered.map { Self.milliseconds(published.duration(to: $0)) }.max().map { max($0, 0) } ?? 0)
        }
        try? original.write(toFile: policy, atomically: true, encoding: .utf8)
        return "rounds=\(publishes) replicas=\(replicas.count) "
            + "converge_p50_ms=\(Self.format(Self.percentile(convergence, 0.5))) "
            + "converge_p99_ms=\(Self.format(Self.percentile(convergence, 0.99))) "
            + "converge_max_ms=\(Self.format(convergence.max() ?? 0)) "
            + "publish_p50_ms=\(Self.format(Self.percentile(publishing, 0.5))) "
            + "publish_p99_ms=\(Self.format(Self.percentile(publishing, 0.99)))"
    }

    /// The ETag `replica` serves for `app` now.
    static func etag(of replica: (host: String, port: Int), app: String) throws(BenchmarkFailure) -> String {
        let answer = try BenchmarkHTTP.get(host: replica.host, port: replica.port, path: "/v1/apps/\(app)/bundle")
        guard answer.status == 200, let etag = answer.etag else {
            throw BenchmarkFailure("GET bundle of \(app) on port \(replica.port) answered \(answer.status)")
        }
        return etag
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// The `fraction` percentile of `values` (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
    }

    static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// One long poll per replica, each on its own thread, until the replica serves a bundle other than the one
/// it served before; records when each new bundle arrived.
private final class LongPolls: @unchecked Sendable {
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var arrivals: [ContinuousClock.Instant] = []
    private var failure: BenchmarkFailure?

    init(replicas: [(host: String, port: Int)], app: String, etags: [String]) {
        for (replica, etag) in zip(replicas, etags) {
            group.enter()
            Thread { [self] in
                defer { group.leave() }
                do throws(BenchmarkFailure) {
                    while true {
                        let answer = try BenchmarkHTTP.get(
                            host: replica.host, port: replica.port, path: "/v1/apps/\(app)/bundle",
                            headers: ["If-None-Match: \(etag)", "Prefer: wait=30"])
                        let now = ContinuousClock.now
                        if answer.status == 200, answer.etag != etag {
                            lock.withLock { arrivals.append(now) }
                            return
                        }
                        guard answer.status == 304 else {
                            throw BenchmarkFailure("long poll on port \(replica.port) answered \(answer.status)")
                        }
                    }
                } catch {
                    lock.withLock { failure = error }
                }
            }.start()
        }
    }

    /// Waits up to two minutes for every replica; the arrival times.
    func wait() throws(BenchmarkFailure) -> [ContinuousClock.Instant] {
        guard group.wait(timeout: .now() + 120) == .success else {
            throw BenchmarkFailure("a replica did not serve the new bundle within 120 s")
        }
        if let failure = lock.withLock({ failure }) { throw failure }
        return lock.withLock { arrivals }
    }
}
