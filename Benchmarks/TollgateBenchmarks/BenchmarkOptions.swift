import Foundation
import PolicyCompiler
import PolicyLoader
import TollgateEvaluation

/// A benchmark's `--name value` options, and the evaluator of the policy file `--policy` names.
struct BenchmarkOptions {
    private var values: [String: String] = [:]

    init(_ arguments: [String]) {
        var index = 0
        while index + 1 < arguments.count {
            values[arguments[index]] = arguments[index + 1]
            index += 2
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// The evaluator of the policy YAML file `--policy` names, loaded and compiled.
    func evaluator() throws(BenchmarkFailure) -> Evaluator {
        guard let path = values["--policy"], let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkFailure("give --policy FILE (a policy YAML file)")
        }
        guard let policy = PolicyLoader.load([UInt8](data), file: path).value,
              let compiled = try? PolicyCompiler.compile(policy) else {
            throw BenchmarkFailure("cannot load and compile \(path)")
        }
        return Evaluator(policy: compiled)
    }
}

/// The best of five timed runs of `body`, in nanoseconds, after one warm-up run; `body` adds to the sink so
/// the optimizer keeps its work.
func bestNanoseconds(_ body: (inout Int) -> Void) -> Double {
    var sink = 0
    body(&sink)
    var best = Duration.seconds(1_000_000)
    for _ in 0..<5 {
        let elapsed = ContinuousClock().measure { body(&sink) }
        best = min(best, elapsed)
    }
    if sink == 42 { print("", terminator: "") }
    let (seconds, attoseconds) = best.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}
