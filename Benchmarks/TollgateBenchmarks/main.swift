import Foundation

/// `TollgateBenchmarks validate --dir PROJECT …` (see `usage`): prints one line of `key=value` fields (times in
/// ms, best of N), plus `rule=… ms=…` lines with the rules phase. `scripts/bench-validate.sh` reads the fields.
let usage = """
    usage: TollgateBenchmarks validate --dir PROJECT [--iterations N] [--warmup N] [--time-limit SECONDS]
                                       [--phase all|PHASE,…] [--breakdown]

    Times, on the project folder PROJECT (Policies/ and Templates/), (a) draining libyaml's events
    of every file and (b) what 'tollgate validate' pays without process start: list, read, load the
    policies and templates, validate, report. Each phase runs --warmup times (default 1) untimed,
    then up to --iterations times (default 5), stopping early once its timed runs passed
    --time-limit seconds (default 60; one timed run always happens). Prints key=value fields:
    events_ms and validate_ms (the best run), their medians and run counts, files, bytes, events,
    errors, warnings, maxrss_kib (peak RSS of this process, read at the end).

    Phases: events (a), validate (b), and the parts of (b) on their own, for profiling: read
    (files and SourceFile), parse (YAML to nodes), load (policy and template loaders, parse
    included), rules (the Validator, then one 'rule=ID ms=T' line per rule). 'all' is events,validate;
    --breakdown adds the parts.

    """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(arguments.isEmpty ? 2 : 0)
}
do {
    let benchmark = try ValidateBenchmark(arguments: arguments)
    for line in try benchmark.run() { print(line) }
} catch {
    FileHandle.standardError.write(Data("error: \(error.message)\n\n\(usage)".utf8))
    exit(2)
}
