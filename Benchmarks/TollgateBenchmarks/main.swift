import Foundation

/// `TollgateBenchmarks validate --dir PROJECT [--iterations N] [--warmup N] [--time-limit SECONDS]
/// [--phase all|events|validate] [--breakdown]`: prints one line of `key=value` fields (times in ms, best of N), plus `rule=… ms=…`
/// lines with `--breakdown`. `scripts/bench-validate.sh` runs it and reads the fields.
let usage = """
    usage: TollgateBenchmarks validate --dir PROJECT [--iterations N] [--warmup N] [--time-limit SECONDS]
                                       [--phase all|events|validate] [--breakdown]

    Times, on the project folder PROJECT (Policies/ and Templates/), (a) draining libyaml's events
    of every file and (b) what 'tollgate validate' pays without process start: list, read, load the
    policies and templates, validate, report. Each phase runs --warmup times (default 1) untimed,
    then up to --iterations times (default 5), stopping early once its timed runs passed
    --time-limit seconds (default 60; one timed run always happens). Prints key=value fields:
    events_ms and validate_ms (the best run), their medians and run counts, files, bytes, events,
    errors, warnings, maxrss_kib (peak RSS of this process, read at the end). --breakdown adds read_ms, parse_ms, load_ms, rules_ms and one
    'rule=ID ms=T' line per rule.

    """

func parse(_ arguments: [String]) throws(BenchmarkFailure) -> ValidateBenchmark {
    guard arguments.first == "validate" else { throw BenchmarkFailure("expected the 'validate' benchmark") }
    var directory: String?
    var iterations = 5
    var warmup = 1
    var timeLimit = Duration.seconds(60)
    var phases = ValidateBenchmark.Phase.allCases
    var breakdown = false
    var rest = arguments.dropFirst()
    func value(_ option: String) throws(BenchmarkFailure) -> String {
        guard let value = rest.popFirst() else { throw BenchmarkFailure("\(option) needs a value") }
        return value
    }
    func count(_ option: String) throws(BenchmarkFailure) -> Int {
        let text = try value(option)
        guard let number = Int(text), number >= 0 else { throw BenchmarkFailure("\(option) takes a count: \(text)") }
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
                phases = ValidateBenchmark.Phase.allCases
            } else if let phase = ValidateBenchmark.Phase(rawValue: text) {
                phases = [phase]
            } else {
                throw BenchmarkFailure("--phase is all, events or validate: \(text)")
            }
        default: throw BenchmarkFailure("unknown argument '\(argument)'")
        }
    }
    guard let directory else { throw BenchmarkFailure("--dir is required") }
    let root = directory.hasPrefix("/") ? directory
        : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(directory)
    return ValidateBenchmark(workspace: BenchmarkWorkspace(directory: root), iterations: iterations, warmup: warmup,
                             timeLimit: timeLimit, phases: phases, breakdown: breakdown)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(arguments.isEmpty ? 2 : 0)
}
do {
    let benchmark = try parse(arguments)
    for line in try benchmark.run() { print(line) }
} catch {
    FileHandle.standardError.write(Data("error: \(error.message)\n\n\(usage)".utf8))
    exit(2)
}
