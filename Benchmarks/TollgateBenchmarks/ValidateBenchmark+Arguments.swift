import Foundation
import TollgateCLI

extension ValidateBenchmark {
    /// The benchmark that `arguments` (`validate --dir PROJECT …`, see `usage` in main.swift) describe.
    init(arguments: [String]) throws(BenchmarkFailure) {
        guard arguments.first == "validate" else { throw BenchmarkFailure("expected the 'validate' benchmark") }
        var directory: String?
        var iterations = 5
        var warmup = 1
        var timeLimit = Duration.seconds(60)
        var phases = ValidateBenchmark.Phase.standard
        var breakdown = false
        var rest = arguments.dropFirst()
        func value(_ option: String) throws(BenchmarkFailure) -> String {
            guard let value = rest.popFirst() else { throw BenchmarkFailure("\(option) needs a value") }
            return value
        }
        func count(_ option: String) throws(BenchmarkFailure) -> Int {
            let text = try value(option)
            guard let number = Int(text), number >= 0 else {
                throw BenchmarkFailure("\(option) takes a count: \(text)")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--dir": directory = try value(argument)
            case "--iterations": iterations = max(1, try count(argument))
            case "--warmup": warmup = try count(argument)
            case "--time-limit": timeLimit = .seconds(try count(argument))
            case "--breakdown": breakdown = true
            case "--phase":
                let text = try value(argument)
                if text == "all" {
                    phases = ValidateBenchmark.Phase.standard
                    continue
                }
                phases = []
                for name in text.split(separator: ",") {
                    guard let phase = ValidateBenchmark.Phase(rawValue: String(name)) else {
                        let known = ValidateBenchmark.Phase.allCases.map(\.rawValue).joined(separator: ", ")
                        throw BenchmarkFailure("unknown phase '\(name)'; phases: all, \(known)")
                    }
                    phases.append(phase)
                }
            default: throw BenchmarkFailure("unknown argument '\(argument)'")
            }
        }
        guard let directory else { throw BenchmarkFailure("--dir is required") }
        let root = directory.hasPrefix("/") ? directory
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(directory)
        if breakdown { phases += ValidateBenchmark.Phase.parts.filter { !phases.contains($0) } }
        self.init(workspace: Workspace(context: CommandContext(currentDirectory: root)), iterations: iterations, warmup: warmup,
                  timeLimit: timeLimit, phases: phases)
    }
}
