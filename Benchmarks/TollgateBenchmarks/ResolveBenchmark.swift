import Foundation
import TollgateEvaluation

/// Times `Evaluator.resolve(placement:context:now:)` for each context of a contexts file against one
/// `Dictionary<String, String>` lookup of the placement id, measured in the same run.
///
/// `resolve --policy FILE --contexts FILE [--placement P] [--iterations N]` prints one `context=… resolve_ns=…
/// lookup_ns=…` line per context, with the decision; `resolve-alloc … --context NAME --iterations N` only
/// resolves, N times, for counting allocations under valgrind.
struct ResolveBenchmark {
    /// One context of the file: its name and the input `resolve` reads.
    struct Context {
        let name: String
        let input: EvaluationInput
    }

    let evaluator: Evaluator
    let contexts: [Context]
    let placement: String
    let iterations: Int
    /// The clock when a context has no `now`; every context of the benchmark file has one.
    let now = Date(timeIntervalSince1970: 1_795_953_600)

    init(arguments: [String]) throws(BenchmarkFailure) {
        let options = BenchmarkOptions(arguments)
        evaluator = try options.evaluator()
        guard let contextsPath = options["--contexts"] else {
            throw BenchmarkFailure("give --contexts FILE (Benchmarks/resolve/contexts.json)")
        }
        contexts = try Self.contexts(at: contextsPath)
        placement = options["--placement"] ?? "onboarding"
        iterations = options["--iterations"].flatMap(Int.init) ?? 1_000_000
        guard evaluator.resolve(placement: placement, context: EvaluationInput(entitlements: []), now: now) != nil else {
            throw BenchmarkFailure("\(options["--policy"] ?? "the policy") has no placement '\(placement)'")
        }
    }

    /// The `tollgate` member of each entry of the file's `contexts`, read as the service reads a request body.
    static func contexts(at path: String) throws(BenchmarkFailure) -> [Context] {
        guard let data = FileManager.default.contents(atPath: path),
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = document["contexts"] as? [[String: Any]] else {
            throw BenchmarkFailure("cannot read \(path): expected {\"contexts\": [{\"name\": …, \"tollgate\": {…}}, …]}")
        }
        var contexts: [Context] = []
        for entry in entries {
            guard let name = entry["name"] as? String, let body = entry["tollgate"],
                  let json = try? JSONSerialization.data(withJSONObject: body) else {
                throw BenchmarkFailure("\(path): a context without a name or a 'tollgate' object")
            }
            do {
                contexts.append(Context(name: name, input: try EvaluationInput(json: json)))
            } catch {
                throw BenchmarkFailure("\(path): context '\(name)': \(error)")
            }
        }
        return contexts
    }

    func run() -> [String] {
        let ids = evaluator.policy.bundle.placements.map(\.id)
        let table = Dictionary(ids.map { ($0, "main") }) { first, _ in first }
        let lookupNanoseconds = bestNanoseconds { sink in
            for _ in 0..<iterations {
                sink &+= table[placement]?.utf8.count ?? 0
            }
        } / Double(iterations)
        return contexts.map { context in
            let nanoseconds = bestNanoseconds { sink in
                for _ in 0..<iterations {
                    sink &+= Self.digest(evaluator.resolve(placement: placement, context: context.input, now: now))
                }
            } / Double(iterations)
            let decision = evaluator.resolve(placement: placement, context: context.input, now: now)
            return String(format: "context=%@ audience=%@ paywall=%@ variant=%@ reason=%@ bucket=%@ resolve_ns=%.1f lookup_ns=%.1f",
                          context.name, decision?.audience ?? "-", decision?.paywall ?? "-", decision?.variant ?? "-",
                          decision?.reason.rawValue ?? "-", decision?.bucket.map { "\($0)" } ?? "-",
                          nanoseconds, lookupNanoseconds)
        }
    }

    /// Only `resolve` for the context named `name`, `iterations` times, for allocation counting.
    func allocationRun(context name: String) throws(BenchmarkFailure) -> String {
        guard let context = contexts.first(where: { $0.name == name }) else {
            throw BenchmarkFailure("no context '\(name)'; contexts: \(contexts.map(\.name).joined(separator: ", "))")
        }
        var sink = 0
        for _ in 0..<iterations {
            sink &+= Self.digest(evaluator.resolve(placement: placement, context: context.input, now: now))
        }
        return "iterations=\(iterations) context=\(name) sink=\(sink)"
    }

    /// A number that depends on the whole decision, so no part of `resolve` can be left out.
    private static func digest(_ decision: PlacementDecision?) -> Int {
        guard let decision else { return 0 }
        return Int(truncatingIfNeeded: decision.bucket ?? 7) &+ (decision.paywall?.utf8.count ?? 1)
            &+ (decision.variant?.utf8.count ?? 3) &+ (decision.reason == .split ? 11 : 13)
    }
}
