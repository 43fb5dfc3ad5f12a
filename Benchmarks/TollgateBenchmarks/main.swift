import Foundation

/// `TollgateBenchmarks validate --dir PROJECT …`: prints one line of `key=value` fields (times in ms, best
/// of N), plus `rule=… ms=…` lines with the rules phase; `scripts/bench-validate.sh` reads the fields.
/// `eval` and `eval-alloc` time the evaluator (`EvalBenchmark`); `render`, `render-check` and `render-count`
/// the paywall renderer (`RenderBenchmark`, driven by `scripts/bench-render.sh`); `resolve` and `resolve-alloc`
/// placement decisions (`ResolveBenchmark`, driven by `scripts/bench-resolve.sh`).
let usage = """
    usage: TollgateBenchmarks validate --dir PROJECT [--iterations N] [--warmup N] [--time-limit SECONDS]
                                       [--phase all|PHASE,…] [--breakdown]
           TollgateBenchmarks eval --policy FILE [--iterations N]
           TollgateBenchmarks eval-alloc --policy FILE --k K --iterations N
           TollgateBenchmarks bundle --policy FILE [--rounds N]
           TollgateBenchmarks resolve --policy FILE --contexts FILE [--placement P] [--iterations N]
           TollgateBenchmarks resolve-alloc --policy FILE --contexts FILE --context NAME [--placement P]
                                            --iterations N
           TollgateBenchmarks render [--dir PROJECT] [--app APP] [--paywall P] [--prices FILE]
                                     [--locales L,…] [--seconds S] [--plan FILE]
           TollgateBenchmarks render-check [render options but --locales and --plan]
           TollgateBenchmarks render-count --renders N [render options but --seconds and --plan]
           TollgateBenchmarks fleet --dir PROJECT --store STORE --replicas URL,… [--publishes N] [--app APP]
           TollgateBenchmarks customers-sign --count N --out FILE [--customers M]
           TollgateBenchmarks customers-play-sign --count N --out FILE --audience AUD [--kid KID]
           TollgateBenchmarks customers-template
           TollgateBenchmarks customers-split --store STORE [--count N]

    validate: times, on the project folder PROJECT (Policies/ and Templates/), (a) draining libyaml's
    events of every file and (b) what 'tollgate validate' pays without process start: list, read, load
    the policies and templates, validate, report. Each phase runs --warmup times (default 1) untimed,
    then up to --iterations times (default 5), stopping early once its timed runs passed
    --time-limit seconds (default 60; one timed run always happens). Prints key=value fields:
    events_ms and validate_ms (the best run), their medians and run counts, files, bytes, events,
    errors, warnings, maxrss_kib (peak RSS of this process, read at the end).

    Phases: events (a), validate (b), and the parts of (b) on their own, for profiling:
    parse (YAML to nodes), load (policy and template loaders, parse
    included), rules (the Validator, then one 'rule=ID ms=T' line per rule). 'all' is events,validate;
    --breakdown adds the parts.

    eval: the evaluator's fast path against a dictionary lookup, and the JSON path of the service.
    eval-alloc: only the fast path, for counting allocations under valgrind.

    bundle: milliseconds per canonical JSON of the compiled policy FILE, the project's encoder against
    Foundation's JSONEncoder in the same run (best of five runs of N encodings, default 5), and whether the
    bytes are the same.

    resolve: nanoseconds per placement decision (Evaluator.resolve) of placement P (default onboarding) for
    each context of the contexts FILE (the 'tollgate' object of each entry of its 'contexts', read as the
    service reads a request body), the best of five runs of N (default 1000000) after one warm-up, and
    one Dictionary<String, String> lookup of the placement id measured in the same run. Prints one
    'context=… audience=… paywall=… variant=… reason=… bucket=… resolve_ns=… lookup_ns=…' line per context.
    resolve-alloc: only the decisions for the context NAME, N times, for counting allocations under valgrind.

    render: microseconds per full render of paywall P (default main) of APP (default lingualeap) with
    the prices FILE (default Prices/APP/USA.yaml), per locale (default: 30 locales), the formatters
    open; the default-locale templates are copied to every locale. Prints 'locale=… render_us=…' lines
    (the fastest of five batches of S/5 seconds, default S 0.5). --plan writes what the PyICU side of
    the benchmark formats, as JSON.
    render-check: a 'check=no-parse …' line: the render time of the default locale when every message
    also carries an unused 20 KB case, which only a parser would read, against the plain templates.
    render-count: N untimed renders per locale, for counting calls under valgrind.

    fleet: N rounds (default 100) of editing APP's policy (default photocollage) in PROJECT, publishing it to
    STORE in-process, and long-polling every replica's bundle until each serves the new one. Prints the time
    from each publish's return to the last replica's new bundle, and the publish's own time: p50, p99, max in
    milliseconds (scripts/bench-fleet.sh runs it on PostgreSQL and on SQLite).

    customers-sign: N distinct App Store notifications of photocollage signed with the test chain, one
    {"signedPayload": …} body per line of FILE (SUBSCRIBED and DID_RENEW with renewal info, ONE_TIME_CHARGE
    coins), over M customers (default N / 5). customers-play-sign: N distinct Pub/Sub pushes of lingualeap's
    SUBSCRIPTION_RENEWED, each of a new purchase token, one body per line of FILE, and one push token for AUD
    (RS256, the fixture service account's key under KID) on stdout. customers-template: a transaction JSON with @TRANSACTION@ and
    @CUSTOMER@ for seeding customers with SQL. customers-split: microseconds per notification to verify, decode
    and commit, and through the whole ledger, on STORE (scripts/bench-customers.sh; see CustomersBenchmark).

    """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(arguments.isEmpty ? 2 : 0)
}
do throws(BenchmarkFailure) {
    let options = Array(arguments.dropFirst())
    switch arguments[0] {
    case "validate":
        for line in try ValidateBenchmark(arguments: arguments).run() { print(line) }
    case "eval":
        for line in try EvalBenchmark(arguments: options).run() { print(line) }
    case "eval-alloc":
        guard let index = options.firstIndex(of: "--k"), index + 1 < options.count,
              let k = Int(options[index + 1]), k >= 0 else {
            throw BenchmarkFailure("eval-alloc needs --k K")
        }
        print(try EvalBenchmark(arguments: options).allocationRun(k: k))
    case "resolve":
        for line in try ResolveBenchmark(arguments: options).run() { print(line) }
    case "resolve-alloc":
        guard let index = options.firstIndex(of: "--context"), index + 1 < options.count else {
            throw BenchmarkFailure("resolve-alloc needs --context NAME")
        }
        let rest = Array(options[..<index] + options[(index + 2)...])
        print(try ResolveBenchmark(arguments: rest).allocationRun(context: options[index + 1]))
    case "render":
        for line in try RenderBenchmark(arguments: options).run() { print(line) }
    case "render-check":
        print(try RenderBenchmark(arguments: options).noParseCheck())
    case "render-count":
        guard let index = options.firstIndex(of: "--renders"), index + 1 < options.count,
              let renders = Int(options[index + 1]), renders >= 0 else {
            throw BenchmarkFailure("render-count needs --renders N")
        }
        let rest = Array(options[..<index] + options[(index + 2)...])
        print(try RenderBenchmark(arguments: rest).count(renders: renders))
    case "bundle":
        print(try BundleBenchmark(arguments: options).run())
    case "store":
        print(try StoreBenchmark(arguments: options).run())
    case "fleet":
        print(try FleetBenchmark(arguments: options).run())
    case "customers-sign", "customers-play-sign", "customers-template", "customers-split":
        print(try CustomersBenchmark(action: arguments[0], arguments: options).run())
    default:
        throw BenchmarkFailure("unknown benchmark '\(arguments[0])'; benchmarks: validate, eval, eval-alloc, bundle, resolve, resolve-alloc, render, render-check, render-count, store, fleet, customers-sign, customers-play-sign, customers-template, customers-split")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error.message)\n\n\(usage)".utf8))
    exit(2)
}
