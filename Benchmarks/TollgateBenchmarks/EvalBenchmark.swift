import Foundation
import TollgateEvaluation

/// Times the evaluator: the fast path with k entitlements against one `Dictionary<String, Int>` lookup of a
/// product id of the same length, and the full JSON path the HTTP service takes.
///
/// `eval --policy FILE [--iterations N]` prints `k=… eval_ns=… lookup_ns=… goal_ns=…` lines and a `json_us=…`
/// line; `eval-alloc --policy FILE --k K --iterations N` only runs the fast path N times, for counting
/// allocations under valgrind.
struct EvalBenchmark {
    var evaluator: Evaluator
    var iterations: Int
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    init(arguments: [String]) throws(BenchmarkFailure) {
        let options = BenchmarkOptions(arguments)
        evaluator = try options.evaluator()
        iterations = options["--iterations"].flatMap(Int.init) ?? 1_000_000
    }

    /// `k` active entitlements of products that grant tiers, spread over the policy.
    func entitlements(_ k: Int) -> [Entitlement] {
        let products = evaluator.policy.bundle.products.filter { $0.type != .consumable }
        guard k > 0, !products.isEmpty else { return [] }
        return (0..<k).map { Entitlement(product: products[($0 * products.count) / k].id, state: .active) }
    }

    func run() -> [String] {
        var lines: [String] = []
        let ids = evaluator.policy.bundle.products.map(\.id)
        let table = Dictionary(ids.enumerated().map { ($1, $0) }) { first, _ in first }
        for k in [0, 1, 3, 10] {
            let entitlements = entitlements(k)
            let keys = entitlements.isEmpty ? [ids[0]] : entitlements.map(\.product)
            let evalNanoseconds = bestNanoseconds { sink in
                for _ in 0..<iterations {
                    let access = evaluator.access(entitlements, synced: true, consent: .granted, now: now)
                    sink &+= access.adsEnabled ? 1 : 0
                }
            } / Double(iterations)
            let lookupNanoseconds = bestNanoseconds { sink in
                for index in 0..<iterations {
                    sink &+= table[keys[index % keys.count]] ?? 0
                }
            } / Double(iterations)
            let goal = 2 * Double(k) * lookupNanoseconds + 50
            lines.append(String(format: "k=%d id_length=%d eval_ns=%.1f lookup_ns=%.1f goal_ns=%.1f met=%@",
                                k, keys[0].utf8.count, evalNanoseconds, lookupNanoseconds, goal,
                                evalNanoseconds <= goal ? "yes" : "no"))
        }
        lines.append(jsonPath())
        return lines
    }

    /// The HTTP path: decode the input JSON, evaluate with reasons and upsell, encode the decision; then each
    /// of the three on its own.
    func jsonPath() -> String {
        let input = """
            {"entitlements":[\(entitlements(3).map { "{\"product\":\"\($0.product)\",\"state\":\"active\"}" }
                .joined(separator: ","))],"synced":true,"consent":"granted","now":"2026-11-29T12:00:00Z"}
            """
        let bytes = Data(input.utf8)
        guard let decoded = try? EvaluationInput(json: bytes) else { return "json_us=failed" }
        let decision = evaluator.evaluate(decoded, now: now)
        let once = ContinuousClock().measure { _ = try? evaluator.evaluate(EvaluationInput(json: bytes), now: now).json() }
        let rounds = max(3, min(iterations / 100, Int(Duration.milliseconds(200) / max(once, .nanoseconds(1)))))
        let perRound = { (body: () -> Int) -> Double in
            bestNanoseconds { sink in
                for _ in 0..<rounds { sink &+= body() }
            } / Double(rounds) / 1000
        }
        let total = perRound {
            guard let decoded = try? EvaluationInput(json: bytes) else { return 0 }
            return evaluator.evaluate(decoded, now: now).json().count
        }
        let decode = perRound { (try? EvaluationInput(json: bytes))?.entitlements.count ?? 0 }
        let evaluate = perRound { evaluator.evaluate(decoded, now: now).tiers.count }
        let encode = perRound { decision.json().count }
        return String(format: "json_us=%.2f decode_us=%.2f evaluate_us=%.2f encode_us=%.2f input_bytes=%d output_bytes=%d",
                      total, decode, evaluate, encode, bytes.count, decision.json().count)
    }

    /// Only the fast path, `iterations` times, for allocation counting.
    func allocationRun(k: Int) -> String {
        let entitlements = entitlements(k)
        var sink = 0
        for _ in 0..<iterations {
            sink &+= evaluator.access(entitlements, synced: true, consent: .granted, now: now).adsEnabled ? 1 : 0
        }
        return "iterations=\(iterations) k=\(k) sink=\(sink)"
    }
}
