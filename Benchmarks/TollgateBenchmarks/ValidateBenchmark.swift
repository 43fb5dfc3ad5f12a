import Diagnostics
import PolicyLoader
import PolicyModel
import PolicyValidation
import YAML

/// Times `tollgate validate` on one project against the floor of draining libyaml's events.
///
/// Each measured phase runs `warmup` times untimed, then up to `iterations` times under `ContinuousClock`
/// (fewer when `timeLimit` is spent); reports give the best (minimum), the median and the count.
/// Process start is never inside a measurement.
struct ValidateBenchmark {
    enum Phase: String, CaseIterable {
        /// (a) `YAMLParser.countEvents` over the bytes of every file, already in memory.
        case events
        /// (b) what the CLI pays: list, read, load the policy and every template, validate, report.
        case validate
    }

    var workspace: BenchmarkWorkspace
    var iterations: Int
    var warmup: Int
    /// Stop repeating a phase once this much time went into its timed runs (at least one always runs).
    var timeLimit: Duration
    var phases: [Phase]
    /// Also time the parts of (b) apart: reading, YAML to nodes, loading, and each rule.
    var breakdown: Bool

    /// Runs the phases and returns `key=value` lines for scripts.
    func run() throws(BenchmarkFailure) -> [String] {
        let files = workspace.policyFiles().flatMap { [$0] + workspace.templateFiles(of: $0) }
        guard !files.isEmpty else { throw BenchmarkFailure("no policy files under \(workspace.directory)/Policies") }
        var inputs: [[UInt8]] = []
        for file in files {
            guard let bytes = workspace.bytes(of: file) else { throw BenchmarkFailure("cannot read \(file)") }
            inputs.append(bytes)
        }
        var fields: [(String, String)] = [
            ("files", "\(files.count)"),
            ("bytes", "\(inputs.reduce(0) { $0 + $1.count })"),
        ]
        var lines: [String] = []
        if phases.contains(.events) {
            var events = 0
            let times = try measure { () throws(BenchmarkFailure) in
                events = 0
                for (file, bytes) in zip(files, inputs) {
                    guard let count = YAMLParser.countEvents(bytes) else {
                        throw BenchmarkFailure("libyaml cannot parse \(file)")
                    }
                    events += count
                }
            }
            fields += [("events", "\(events)"), ("events_ms", times.best), ("events_median_ms", times.median),
                       ("events_runs", "\(times.runs)")]
        }
        if phases.contains(.validate) {
            var outcome = ValidateOutcome()
            let times = measure { outcome = workspace.validate() }
            fields += [("validate_ms", times.best), ("validate_median_ms", times.median),
                       ("validate_runs", "\(times.runs)"),
                       ("errors", "\(outcome.errors)"), ("warnings", "\(outcome.warnings)")]
        }
        if breakdown {
            let parts = try Breakdown(workspace: workspace, files: files, inputs: inputs).run(measure)
            fields += parts.fields
            lines += parts.lines
        }
        fields.append(("maxrss_kib", "\(ResourceUsage.maxResidentKiB())"))
        return [fields.map { "\($0)=\($1)" }.joined(separator: " ")] + lines
    }

    /// The best and median of up to `iterations` timed runs of `body`, after `warmup` untimed ones.
    func measure<E: Error>(_ body: () throws(E) -> Void) throws(E) -> Timings {
        for _ in 0..<warmup { try body() }
        let clock = ContinuousClock()
        var samples: [Duration] = []
        var spent = Duration.zero
        while samples.count < max(1, iterations), samples.isEmpty || spent < timeLimit {
            let start = clock.now
            try body()
            samples.append(clock.now - start)
            spent += samples[samples.count - 1]
        }
        return Timings(samples)
    }
}

/// The parts of (b) timed one by one, to show where its time goes.
struct Breakdown {
    var workspace: BenchmarkWorkspace
    var files: [String]
    var inputs: [[UInt8]]

    typealias Measure = (() throws(BenchmarkFailure) -> Void) throws(BenchmarkFailure) -> Timings

    func run(_ measure: Measure) throws(BenchmarkFailure) -> (fields: [(String, String)], lines: [String]) {
        let read = try measure { () throws(BenchmarkFailure) in
            var scratch = BenchmarkApp(app: "", file: "", sources: nil, diagnostics: [], files: [:])
            for file in files where workspace.read(file, into: &scratch) == nil {
                throw BenchmarkFailure("cannot read \(file)")
            }
        }
        var nodes = 0
        let parse = try measure { () throws(BenchmarkFailure) in
            nodes = 0
            for (file, bytes) in zip(files, inputs) {
                guard let root = YAMLParser.parse(bytes, file: file).root else {
                    throw BenchmarkFailure("\(file) does not parse")
                }
                nodes += root.weight
            }
        }
        let policyFiles = Set(workspace.policyFiles())
        var policies: [Policy] = []
        var templates: [String: [TemplateSet]] = [:]
        let load = try measure { () throws(BenchmarkFailure) in
            policies = []
            templates = [:]
            for (file, bytes) in zip(files, inputs) {
                if policyFiles.contains(file) {
                    guard let policy = PolicyLoader.load(bytes, file: file).value else {
                        throw BenchmarkFailure("\(file) does not load")
                    }
                    policies.append(policy)
                } else {
                    guard let set = TemplateLoader.load(bytes, file: file).value else {
                        throw BenchmarkFailure("\(file) does not load")
                    }
                    templates[policies.last?.file ?? "", default: []].append(set)
                }
            }
        }
        let apps = policies.map { policy in
            AppSources(policy: policy, templates: templates[policy.file] ?? [], unreadableLocales: [],
                       templateDirectory: "Templates/\(policy.app.id.value)")
        }
        let validator = Validator()
        let rules = try measure { () in
            for app in apps { _ = validator.validate(app) }
        }
        var lines: [String] = []
        for rule in validator.rules {
            let times = try measure { () in
                for app in apps { _ = rule.check(app) }
            }
            lines.append("rule=\(type(of: rule).id) ms=\(times.best)")
        }
        return ([("read_ms", read.best), ("parse_ms", parse.best), ("nodes", "\(nodes)"), ("load_ms", load.best),
                 ("rules_ms", rules.best)], lines)
    }
}

/// Timed samples of one phase.
struct Timings {
    var best: String
    var median: String
    var runs: Int

    init(_ samples: [Duration]) {
        runs = samples.count
        let sorted = samples.sorted()
        best = Self.milliseconds(sorted[0])
        median = Self.milliseconds(sorted[sorted.count / 2])
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1e3 + Double(attoseconds) * 1e-15
        return String(Int((value * 1000).rounded())).paddedMilliseconds
    }
}

extension String {
    /// Microseconds as written by `Timings`, turned into milliseconds with three decimals.
    fileprivate var paddedMilliseconds: String {
        let digits = count < 4 ? String(repeating: "0", count: 4 - count) + self : self
        return "\(digits.dropLast(3)).\(digits.suffix(3))"
    }
}

/// A benchmark that cannot run: unreadable or invalid input, or bad arguments.
struct BenchmarkFailure: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
