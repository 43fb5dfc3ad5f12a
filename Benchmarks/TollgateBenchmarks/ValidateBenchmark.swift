import Foundation
import Diagnostics
import PolicyLoader
import PolicyModel
import PolicyValidation
import Project
import TollgateCLI
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
        /// Part of (b): `YAMLParser.parse` of every file, bytes to composed tapes: libyaml's events with the
        /// checks the loader relies on (duplicate keys, aliases, merge keys, limits), before any model is built.
        case parse
        /// Part of (b): `PolicyLoader.load` and `TemplateLoader.load` of every file (parse included).
        case load
        /// Part of (b): `Validator(context: .icu()).validate` of the loaded apps, then each rule's `check` alone
        /// (with the number of its findings, waived ones included).
        case rules

        /// (a) and (b), the phases a plain run measures.
        static let standard: [Phase] = [.events, .validate]
        /// The parts of (b), for `--breakdown`.
        static let parts: [Phase] = [.parse, .load, .rules]
    }

    var workspace: Workspace
    var iterations: Int
    var warmup: Int
    /// Stop repeating a phase once this much time went into its timed runs (at least one always runs).
    var timeLimit: Duration
    var phases: [Phase]

    /// Runs the phases and returns `key=value` lines for scripts: one line of fields, then `rule=… ms=…` lines.
    func run() throws(BenchmarkFailure) -> [String] {
        let directory = workspace.context.currentDirectory
        let policyFiles = (try? workspace.policyFiles([])) ?? []
        let files = policyFiles.flatMap { [$0] + workspace.templateFiles(of: $0) }
        guard !files.isEmpty else { throw BenchmarkFailure("no policy files under \(directory)/Policies") }
        var inputs: [[UInt8]] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: workspace.absolute(file)) else {
                throw BenchmarkFailure("cannot read \(file)")
            }
            inputs.append([UInt8](data))
        }
        var fields: [(String, String)] = [
            ("files", "\(files.count)"), ("bytes", "\(inputs.reduce(0) { $0 + $1.count })"),
        ]
        var lines: [String] = []
        for phase in phases {
            switch phase {
            case .events:
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
                fields += times.fields("events") + [("events", "\(events)")]
            case .validate:
                var result = CommandResult()
                let times = measure { result = Tollgate.run(["validate"], context: workspace.context) }
                let lines = result.stderr.split(separator: "\n")
                fields += times.fields("validate")
                    + [("errors", "\(lines.count { $0.contains(": error: ") })"),
                       ("warnings", "\(lines.count { $0.contains(": warning: ") })")]
            case .parse:
                var nodes = 0
                let times = try measure { () throws(BenchmarkFailure) in
                    nodes = 0
                    for (file, bytes) in zip(files, inputs) {
                        let document = YAMLParser.parse(bytes, file: file)
                        guard let tape = document.tape, let root = document.root else {
                            throw BenchmarkFailure("\(file) does not parse")
                        }
                        nodes += tape.weight(root)
                    }
                }
                fields += times.fields("parse") + [("nodes", "\(nodes)")]
            case .load:
                let times = try measure { () throws(BenchmarkFailure) in
                    _ = try load(files, inputs, policyFiles: Set(policyFiles))
                }
                fields += times.fields("load")
            case .rules:
                let apps = try load(files, inputs, policyFiles: Set(policyFiles))
                let validator = Validator(context: .icu())
                let times = measure {
                    for app in apps { _ = validator.validate(app) }
                }
                fields += times.fields("rules")
                for rule in validator.rules {
                    var findings = 0
                    let times = measure {
                        findings = 0
                        for app in apps { findings += rule.check(app).count }
                    }
                    lines.append("rule=\(type(of: rule).id) ms=\(times.best) findings=\(findings)")
                }
            }
        }
        fields.append(("maxrss_kib", "\(ResourceUsage.maxResidentKiB())"))
        return [fields.map { "\($0)=\($1)" }.joined(separator: " ")] + lines
    }

    /// The apps of `files`, loaded from bytes already in memory; any finding with errors is a failure.
    private func load(_ files: [String], _ inputs: [[UInt8]], policyFiles: Set<String>)
        throws(BenchmarkFailure) -> [AppSources] {
        var apps: [AppSources] = []
        for (file, bytes) in zip(files, inputs) {
            if policyFiles.contains(file) {
                let policy = PolicyLoader.load(bytes, file: file)
                guard let value = policy.value, !policy.hasErrors else {
                    throw BenchmarkFailure("\(file) does not load")
                }
                apps.append(AppSources(policy: value, templates: [], unreadableLocales: [],
                                       templateDirectory: "Templates/\(Workspace.stem(file))"))
            } else {
                let set = TemplateLoader.load(bytes, file: file)
                guard let value = set.value, !set.hasErrors, !apps.isEmpty else {
                    throw BenchmarkFailure("\(file) does not load")
                }
                apps[apps.count - 1].templates.append(value)
            }
        }
        return apps
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

    /// `<name>_ms` (best), `<name>_median_ms` and `<name>_runs`.
    func fields(_ name: String) -> [(String, String)] {
        [("\(name)_ms", best), ("\(name)_median_ms", median), ("\(name)_runs", "\(runs)")]
    }

    /// Milliseconds with three decimals, without going through floating-point formatting.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let fraction = String(microseconds % 1000)
        return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

/// A benchmark that cannot run: unreadable or invalid input, or bad arguments.
struct BenchmarkFailure: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
