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
