import Foundation
import TollgateEvaluation

/// Times a compiled policy's canonical JSON: `PolicyBundle.canonicalJSON` (the project's `CanonicalJSONEncoder`)
/// against Foundation's `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`, which wrote it before,
/// in the same run, and checks that both give the same bytes.
///
/// `bundle --policy FILE [--rounds N]` prints one `bundle_ms=… foundation_ms=… speedup=… bytes=… same=yes|no`
/// line, each time the best of five runs of N encodings (default 5) after a warm-up, per encoding.
struct BundleBenchmark {
    var bundle: PolicyBundle
    var rounds: Int

    init(arguments: [String]) throws(BenchmarkFailure) {
        let options = BenchmarkOptions(arguments)
        bundle = try options.evaluator().policy.bundle
        rounds = max(1, options["--rounds"].flatMap(Int.init) ?? 5)
    }

    func run() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let foundation = { () -> Data in (try? encoder.encode(bundle)) ?? Data() }
        let same = bundle.canonicalJSON == foundation()
        let canonicalNanoseconds = bestNanoseconds { sink in
            for _ in 0..<rounds { sink &+= bundle.canonicalJSON.count }
        } / Double(rounds)
        let foundationNanoseconds = bestNanoseconds { sink in
            for _ in 0..<rounds { sink &+= foundation().count }
        } / Double(rounds)
        return String(format: "bundle_ms=%.2f foundation_ms=%.2f speedup=%.2f bytes=%d same=%@",
                      canonicalNanoseconds / 1e6, foundationNanoseconds / 1e6,
                      foundationNanoseconds / canonicalNanoseconds, bundle.canonicalJSON.count, same ? "yes" : "no")
    }
}
