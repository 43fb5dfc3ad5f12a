import Foundation
import PolicyCompiler
import Store
import Project
import TollgateCLI
import TollgateEvaluation
import PolicyModel

/// Times the policy store's own share of the store commands, in-process; `scripts/bench-store.sh` times
/// the whole commands as processes and puts both in one table.
///
/// - `store publish --dir PROJECT [--app APP]`: the store's parts of publishing a changed version of the
///   project's policy to a store that holds the previous one: opening the store, reading the published
///   catalog (the baselines of the product rules) and writing the snapshot in its transaction.
/// - `store seed --db FILE --snapshots N`: publishes N small, different snapshots of one app through
///   `SQLiteStore.publish`, for the history benchmark.
/// - `store history --db FILE`: `SQLiteStore.history()` and the `history --format json` command without
///   process start.
/// - `store snapshots --db FILE --app APP`: reading versions 1 and 2 from the store, as `diff 1 2` does.
///
/// Each prints one line of `key=value` fields; times are medians in milliseconds of `--iterations` runs
/// (default 5) after one untimed run.
struct StoreBenchmark {
    var action: String
    var options: [String: String]
    var iterations: Int

    init(arguments: [String]) throws(BenchmarkFailure) {
        guard let action = arguments.first, ["publish", "seed", "history", "snapshots"].contains(action) else {
            throw BenchmarkFailure("store needs an action: publish, seed, history or snapshots")
        }
        self.action = action
        options = [:]
        var index = 1
        while index + 1 < arguments.count {
            options[arguments[index]] = arguments[index + 1]
            index += 2
        }
        guard index == arguments.count else { throw BenchmarkFailure("store options come in pairs: --name value") }
        iterations = max(1, options["--iterations"].flatMap(Int.init) ?? 5)
    }

    func run() throws(BenchmarkFailure) -> String {
        do {
            switch action {
            case "publish": return try publish()
            case "seed": return try seed()
            case "history": return try history()
            default: return try snapshots()
            }
        } catch let failure as BenchmarkFailure {
            throw failure
        } catch {
            throw BenchmarkFailure("store \(action): \(error)")
        }
    }

    private func option(_ name: String) throws(BenchmarkFailure) -> String {
        guard let value = options[name] else { throw BenchmarkFailure("store \(action) needs \(name)") }
        return value
    }

    private var scratch: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-store-bench-\(UUID().uuidString)")
    }

    /// The store's parts of `publish`: open, catalog, write; the previous version is in the store already.
    private func publish() throws -> String {
        let project = try option("--dir")
        let app = options["--app"] ?? "bench"
        let publication = try Self.publication(project: project, app: app)
        let folder = scratch
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let seeded = folder.appendingPathComponent("seeded.sqlite").path
        var previous = publication
        previous.hash = "sha256:" + String(repeating: "0", count: 64)
        _ = try SQLiteStore(path: seeded, mode: .create).publish(previous)

        var open: [Duration] = []
        var catalog: [Duration] = []
        var write: [Duration] = []
        var size = 0
        for run in 0...iterations {
            let path = folder.appendingPathComponent("run-\(run).sqlite").path
            try FileManager.default.copyItem(atPath: seeded, toPath: path)
            let clock = ContinuousClock()
            var start = clock.now
            let store = try SQLiteStore(path: path, mode: .create)
            let opened = clock.now - start
            start = clock.now
            let products = try store.apps().map { try store.catalog(app: $0).products.count }.reduce(0, +)
            let read = clock.now - start
            start = clock.now
            guard case .applied(.changed) = try store.publish(publication) else {
                throw BenchmarkFailure("store publish: the changed version was not written")
            }
            let written = clock.now - start
            guard products == publication.products.count else {
                throw BenchmarkFailure("store publish: the catalog has \(products) products, not "
                                       + "\(publication.products.count)")
            }
            size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            try FileManager.default.removeItem(atPath: path)
            guard run > 0 else { continue }
            open.append(opened)
            catalog.append(read)
            write.append(written)
        }
        let fileBytes = publication.files.values.map(\.count).reduce(0, +)
        return "open_ms=\(Self.median(open)) catalog_ms=\(Self.median(catalog)) write_ms=\(Self.median(write)) "
            + "products=\(publication.products.count) files=\(publication.files.count) file_bytes=\(fileBytes) "
            + "bundle_bytes=\(publication.bundle.count) two_snapshot_db_bytes=\(size) runs=\(iterations)"
    }

    /// What `tollgate publish` would store for `app` of the project: the compiled bundle, the files, the products.
    static func publication(project: String, app: String) throws -> Publication {
        let workspace = Workspace(context: CommandContext(currentDirectory: project))
        let file = "Policies/\(app).yaml"
        guard let sources = try workspace.load(file).sources else {
            throw BenchmarkFailure("cannot load \(project)/\(file)")
        }
        let compiled = try PolicyCompiler.compile(sources.policy)
        var files: [String: [UInt8]] = [:]
        for path in [file] + workspace.templateFiles(of: file) {
            guard let data = FileManager.default.contents(atPath: workspace.absolute(path)) else {
                throw BenchmarkFailure("cannot read \(path)")
            }
            files[path] = [UInt8](data)
        }
        return Publication(app: app, channel: "production", hash: compiled.hash,
                           bundle: [UInt8](compiled.bundle.canonicalJSON), files: files,
                           products: sources.policy.products.map { ($0.id.value, $0.type.value.rawValue) },
                           author: "bench", message: "benchmark", createdAt: Timestamp(secondsSince1970: 1_796_040_000))
    }

    /// N small snapshots, each with its own bundle, policy file and products, mostly on production.
    private func seed() throws -> String {
        let path = try option("--db")
        guard let count = Int(try option("--snapshots")), count > 0 else {
            throw BenchmarkFailure("--snapshots takes a positive count")
        }
        let store = try SQLiteStore(path: path, mode: .create)
        let elapsed = try ContinuousClock().measure {
            for index in 1...count {
                let text = "format: tollgate/v1\napp: { id: history }\n# snapshot \(index)\n"
                let publication = Publication(
                    app: "history", channel: index.isMultiple(of: 10) ? "staging" : "production",
                    hash: "sha256:" + String(format: "%064x", index),
                    bundle: Array(#"{"app":"history","format":"tollgate-bundle/v1","snapshot":\#(index)}"#.utf8),
                    files: ["Policies/history.yaml": Array(text.utf8)],
                    products: (0..<3).map { ("com.example.history.p\($0)", "non-consumable") },
                    author: "bench", message: "snapshot \(index)", createdAt: Timestamp(secondsSince1970: 1_796_040_000))
                guard case .applied(.changed) = try store.publish(publication) else {
                    throw BenchmarkFailure("store seed: snapshot \(index) was not written")
                }
            }
        }
        return "seed_ms=\(Self.milliseconds(elapsed)) snapshots=\(count)"
    }

    /// `SQLiteStore.history()` and the JSON history command, in-process.
    private func history() throws -> String {
        let path = try option("--db")
        let store = try SQLiteStore(path: path, mode: .read)
        var entries = 0
        let api = try Self.measure(iterations) { entries = try store.history().count }
        let context = CommandContext(currentDirectory: FileManager.default.currentDirectoryPath)
        var bytes = 0
        let command = try Self.measure(iterations) {
            let result = Tollgate.run(["history", "--format", "json", "--db", path], context: context)
            guard result.exitCode == 0 else { throw BenchmarkFailure("history: \(result.stderr)") }
            bytes = result.stdout.utf8.count
        }
        return "history_api_ms=\(Self.median(api)) history_command_ms=\(Self.median(command)) entries=\(entries) "
            + "json_bytes=\(bytes) runs=\(iterations)"
    }

    /// Reading versions 1 and 2 of `--app` with their files.
    private func snapshots() throws -> String {
        let store = try SQLiteStore(path: try option("--db"), mode: .read)
        let app = try option("--app")
        var bytes = 0
        let reads = try Self.measure(iterations) {
            bytes = try ["1", "2"].map { try store.snapshot(app: app, reference: $0) }
                .map { $0.bundle.count + $0.files.values.map(\.count).reduce(0, +) }.reduce(0, +)
        }
        return "snapshots_ms=\(Self.median(reads)) bytes=\(bytes) runs=\(iterations)"
    }

    /// One untimed run of `body`, then `iterations` timed ones.
    private static func measure(_ iterations: Int, _ body: () throws -> Void) throws -> [Duration] {
        try body()
        return try (0..<iterations).map { _ in try ContinuousClock().measure(body) }
    }

    private static func median(_ durations: [Duration]) -> String {
        milliseconds(durations.sorted()[durations.count / 2])
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
    }
}
