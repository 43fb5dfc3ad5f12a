import Foundation
import Store
import Testing
import TestSupport
import TollgateEvaluation

/// What a child process printed and how it ended.
struct ProcessOutcome {
    var status: Int32
    var killed: Bool
    var stdout: String
    var stderr: String
}

/// A process that was started, with its output going to files, and may still be running.
struct ChildProcess {
    let process: Process
    private let output: URL

    /// Starts `executable` with `arguments` in `folder`, in this process's environment with `USER=tester` and
    /// `environment`.
    init(_ arguments: [String], executable: URL, in folder: URL, prefix: [String],
         environment: [String: String] = [:]) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        for name in ["stdout", "stderr"] {
            let file = output.appendingPathComponent(name).path
            try #require(FileManager.default.createFile(atPath: file, contents: nil))
        }
        process = Process()
        if let launcher = prefix.first {
            process.executableURL = URL(fileURLWithPath: launcher)
            process.arguments = Array(prefix.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment
            .merging(["USER": "tester"].merging(environment) { _, new in new }) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: output.appendingPathComponent("stderr"))
        try process.run()
    }

    /// What the process has written to standard error so far.
    var stderrSoFar: String {
        (try? String(contentsOf: output.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }

    /// Sends SIGKILL unless the process has ended.
    func killUnlessEnded() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    func wait() -> ProcessOutcome {
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: output) }
        let text = { (name: String) in
            (try? String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        return ProcessOutcome(status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
                              stdout: text("stdout"), stderr: text("stderr"))
    }
}

/// The `tollgate` executable of the build that holds this test binary, run as a separate process.
struct TollgateExecutable {
    let url: URL
    /// A launcher and its options that run the executable as another user, or nothing.
    var prefix: [String] = []

    /// The executable next to the test binary (or its bundle), or in a folder above it; nil when not built.
    static let built: TollgateExecutable? = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let folders = [testBinary.deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for start in folders {
            var folder = start
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("tollgate")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                   !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return TollgateExecutable(url: candidate)
                }
                folder.deleteLastPathComponent()
            }
        }
        return nil
    }()

    /// The executable run by a user who cannot write a file it does not own: the current user, or
    /// `nobody` through setpriv when the tests run as root (root writes read-only files); nil when neither works.
    static let unprivileged: TollgateExecutable? = {
        guard let built else { return nil }
        guard getuid() == 0 else { return built }
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
        let nobody = TollgateExecutable(url: built.url,
                                        prefix: [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"])
        let probe = try? nobody.run(["--version"], in: FileManager.default.temporaryDirectory)
        return probe?.status == 0 ? nobody : nil
    }()

    static func require() throws -> TollgateExecutable {
        try #require(built, "no 'tollgate' executable beside \(CommandLine.arguments[0]); build it with the tests")
    }

    func start(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(arguments, executable: url, in: folder, prefix: prefix, environment: environment)
    }

    func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> ProcessOutcome {
        try start(arguments, in: folder, environment: environment).wait()
    }
}

/// A store file that `tollgate` must refuse without changing it.
struct BadStore: Sendable, CustomTestStringConvertible {
    var name: String
    /// The start of the error message.
    var message: String
    /// Creates the bad store at the path, using a project whose policies are valid.
    var make: @Sendable (_ path: URL, _ project: StoreProject) throws -> Void

    var testDescription: String { name }

    static let notSQLite = "is not a Tollgate store (not an SQLite database); nothing was changed"

    static let all = [
        BadStore(name: "a text file", message: notSQLite) { path, _ in
            try Data(String(repeating: "this is not a database\n", count: 40).utf8).write(to: path)
        },
        BadStore(name: "random bytes", message: notSQLite) { path, _ in
            var generator = SplitMix64(seed: 7)
            try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: path)
        },
        BadStore(name: "a directory", message: "is a directory; give the store's file") { path, _ in
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
            try Data("kept\n".utf8).write(to: path.appendingPathComponent("inside.txt"))
        },
        BadStore(name: "a truncated store", message: "database disk image is malformed") { path, project in
            try StoreSafetyTests.publishStore(at: path, from: project)
            let bytes = try Data(contentsOf: path)
            try bytes.prefix(8192).write(to: path)
        },
        BadStore(name: "a newer schema", message: "the store was written by a newer tollgate (schema 99; this one "
                    + "knows up to 8); nothing was changed") { path, project in
            try StoreSafetyTests.publishStore(at: path, from: project)
            try Connection(path: path.path).execute("PRAGMA user_version = 99")
        },
    ]
}

/// The store's safety requirements, on the real executable and each backend: a publish killed at any instant
/// leaves a sound store, concurrent publishes lose nothing, and a file that is not a usable store is never changed.
@Suite(.serialized, .tags(.postgres)) struct StoreSafetyTests {
    static let app = "photocollage"
    static let policy = "Policies/photocollage.yaml"

    static func publishArguments(_ message: String, store: String, author: String = "kill-test") -> [String] {
        ["publish", "--store", store, "-m", message, "--author", author]
    }

    /// Publishes the project's policies to a new store at `path` with the built executable.
    static func publishStore(at path: URL, from project: StoreProject) throws {
        let tollgate = try TollgateExecutable.require()
        let result = try tollgate.run(publishArguments("setup", store: path.path), in: project.folder)
        try #require(result.status == 0, "\(result.stderr)")
    }

    /// The remove-ads price a publish's message stands for, as the kill test writes it.
    static func price(message: String) -> String? {
        switch message {
        case "initial": "2.99"
        case "final": "0.49"
        default:
            if message.hasPrefix("timed ") { Int(message.dropFirst(6)).map { "9.\($0)9" } }
            else if message.hasPrefix("kill ") { Int(message.dropFirst(5)).map { "\(10 + $0).99" } }
            else { nil }
        }
    }

    /// Kills publishes with SIGKILL after a seeded random delay of up to 1.3 typical publishes; every other
    /// delay falls late in a publish, where the store is written, committed and checkpointed.
    @Test(arguments: StoreBackend.allCases)
    func publishesKilledAtRandomMomentsLeaveASoundStore(backend: StoreBackend) throws {
        let tollgate = try TollgateExecutable.require()
        let project = try StoreProject("kill", backend: backend)
        defer { project.remove() }
        let initial = try tollgate.run(Self.publishArguments("initial", store: project.store), in: project.folder)
        try #require(initial.status == 0, "\(initial.stderr)")
        var price = "2.99"
        var durations: [Duration] = []
        for run in 0..<3 {
            let message = "timed \(run)"
            let next = try #require(Self.price(message: message))
            try project.setRemoveAdsPrice(next, from: price)
            price = next
            var result: ProcessOutcome?
            durations.append(try ContinuousClock().measure {
                result = try tollgate.run(Self.publishArguments(message, store: project.store), in: project.folder)
            })
            try #require(result?.status == 0, "\(result?.stderr ?? "")")
        }
        let typical = durations.sorted()[1]
        let microseconds = Double(typical.components.seconds) * 1e6 + Double(typical.components.attoseconds) / 1e12
        var generator = SplitMix64(seed: 20_261_130)
        var killed: Set<String> = []
        for iteration in 0..<100 {
            let message = "kill \(iteration)"
            let next = try #require(Self.price(message: message))
            try project.setRemoveAdsPrice(next, from: price)
            price = next
            let running = try tollgate.start(Self.publishArguments(message, store: project.store), in: project.folder)
            let share = iteration.isMultiple(of: 2) ? Double.random(in: 0...1.3, using: &generator)
                : Double.random(in: 0.8...1.1, using: &generator)
            usleep(UInt32(share * microseconds))
            running.killUnlessEnded()
            let result = running.wait()
            if result.killed {
                killed.insert(message)
            } else {
                #expect(result.status == 0, "iteration \(iteration): \(result.stderr)")
            }
        }
        #expect(!killed.isEmpty, "no publish was killed: the delays are too long for this machine")

        let history = try tollgate.run(["history", "--format", "json", "--store", project.store], in: project.folder)
        #expect(history.status == 0, "\(history.stderr)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        let published = try checkSoundStore(project)
        #expect(listed.count == published)

        let versions = try project.open(.read).history(app: Self.app).count
        try project.setRemoveAdsPrice("0.49", from: price)
        let final = try tollgate.run(Self.publishArguments("final", store: project.store), in: project.folder)
        #expect(final.status == 0, "\(final.stderr)")
        #expect(final.stdout.contains("published photocollage version \(versions + 1) ("), "\(final.stdout)")
        #expect(try checkSoundStore(project) == published + 1)

        let active = try #require(try project.open(.read).active(app: Self.app, channel: "production"))
        let diff = try tollgate.run(["diff", String(active.version), Self.policy, "--app", Self.app,
                                     "--store", project.store], in: project.folder)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout == "photocollage: version \(active.version) → \(Self.policy)\nno changes\n")
    }

    /// Checks what a kill may never break, and returns the number of history entries.
    func checkSoundStore(_ project: StoreProject) throws -> Int {
        let store = try project.open(.read)
        if let file = store as? SQLiteStore {
            #expect(try file.integrityCheck() == "ok")
        }
        let halfWritten = try project.halfWrittenRows()
        #expect(halfWritten.values.allSatisfy { $0 == 0 }, "\(halfWritten)")
        let entries = try store.history()
        for app in ["lingualeap", "photocollage"] {
            let published = Array(entries.filter { $0.app == app }.reversed())
            try #require(!published.isEmpty, "no entry of \(app)")
            #expect(published.map(\.version) == Array(1...published.count), "\(app): versions in publish order")
            #expect(published.map(\.active) == Array(repeating: false, count: published.count - 1) + [true])
            #expect(try store.active(app: app, channel: "production")?.version == published.last?.version)
            let templates = try FileManager.default.contentsOfDirectory(
                atPath: project.folder.appendingPathComponent("Templates/\(app)").path)
            let expectedFiles = Set(["Policies/\(app).yaml"] + templates.map { "Templates/\(app)/\($0)" })
            for entry in published {
                let snapshot = try store.snapshot(app: app, reference: String(entry.version))
                #expect(snapshot.hash == entry.hash)
                #expect(Set(snapshot.files.keys) == expectedFiles, "version \(entry.version)")
                for file in templates.map({ "Templates/\(app)/\($0)" }) {
                    let onDisk = try Data(contentsOf: project.folder.appendingPathComponent(file))
                    #expect(snapshot.files[file] == [UInt8](onDisk), "version \(entry.version): \(file)")
                }
                let bundle = try PolicyBundle(json: Data(snapshot.bundle))
                #expect(bundle.policy == entry.hash, "the bundle's content hash is the snapshot's")
                guard app == Self.app else { continue }
                let price = try #require(Self.price(message: entry.message), "message '\(entry.message)'")
                let text = String(decoding: try #require(snapshot.files[Self.policy]), as: UTF8.self)
                #expect(text.contains(#"{ USD: "\#(price)", KRW: "3900""#), "version \(entry.version): policy file")
                let removeAds = bundle.products.first { $0.id == "com.example.photocollage.removeads" }
                #expect(removeAds?.prices["USD"] == price, "version \(entry.version): bundle")
            }
            let messages = published.map(\.message)
            let iterations = messages.compactMap { $0.hasPrefix("kill ") ? Int($0.dropFirst(5)) : nil }
            #expect(iterations == iterations.sorted() && Set(iterations).count == iterations.count, "\(messages)")
        }
        return entries.count
    }

    @Test(arguments: StoreBackend.allCases)
    func twoProcessesPublishingToOneStoreAtOnceLoseNothing(backend: StoreBackend) throws {
        let tollgate = try TollgateExecutable.require()
        let sides = ["left", "right"]
        let projects = try [StoreProject("concurrent-left", backend: backend), StoreProject("concurrent-right")]
        defer { projects.forEach { $0.remove() } }
        let store = projects[0].sharedStore
        let setup = try tollgate.run(Self.publishArguments("setup", store: store), in: projects[0].folder)
        try #require(setup.status == 0, "\(setup.stderr)")
        var prices = ["2.99", "2.99"]
        var published: [String: Int] = [:]
        for round in 1...5 {
            for (side, project) in projects.enumerated() {
                let price = "\(side + 1)\(round).49"
                try project.setRemoveAdsPrice(price, from: prices[side])
                prices[side] = price
            }
            let running = try projects.enumerated().map { side, project in
                try tollgate.start(Self.publishArguments("round \(round)", store: store, author: sides[side]),
                                   in: project.folder)
            }
            let reader = try tollgate.start(["history", "--format", "json", "--store", store], in: projects[1].folder)
            for (side, result) in running.map({ $0.wait() }).enumerated() {
                #expect(result.status == 0, "round \(round), \(sides[side]): \(result.stderr)")
                let prefix = "published photocollage version "
                let line = result.stdout.split(separator: "\n").first { $0.hasPrefix(prefix) }
                let version = line.flatMap { Int($0.dropFirst(prefix.count).prefix { $0.isNumber }) }
                published["\(sides[side]) \(round)"] = version
            }
            let read = reader.wait()
            #expect(read.status == 0, "a reader during round \(round): \(read.stderr)")
            #expect((try? JSONSerialization.jsonObject(with: Data(read.stdout.utf8))) is [Any], "\(read.stdout)")
        }
        #expect(published.count == 10, "every publish printed its version: \(published)")
        let reader = try projects[0].open(.read)
        if let file = reader as? SQLiteStore {
            #expect(try file.integrityCheck() == "ok")
        }
        let halfWritten = try projects[0].halfWrittenRows()
        #expect(halfWritten.values.allSatisfy { $0 == 0 }, "\(halfWritten)")
        let history = try reader.history(app: Self.app).filter { $0.message != "setup" }
        #expect(history.count == 10)
        #expect(Set(history.map(\.version)) == Set(2...11))
        for entry in history {
            #expect(published["\(entry.author) \(entry.message.dropFirst(6))"] == entry.version, "\(entry)")
            let side = entry.author == "left" ? 1 : 2
            let snapshot = try reader.snapshot(app: Self.app, reference: String(entry.version))
            let text = String(decoding: snapshot.files[Self.policy] ?? [], as: UTF8.self)
            #expect(text.contains(#"USD: "\#(side)\#(entry.message.dropFirst(6)).49""#), "\(entry)")
        }
        #expect(try reader.history(app: "lingualeap").count == 1)
    }

    /// Both publishes start from one shell, `&` apart: two `Process` launches are milliseconds apart,
    /// enough to miss the moment when the first process switches the new store to WAL (or creates the tables in a
    /// new database). Each writes its exit status to a file, because the shell inherits a blocked SIGCHLD and its
    /// `wait` never returns.
    @Test(arguments: StoreBackend.allCases)
    func twoProcessesCreatingTheStoreAtOnceBothPublish(backend: StoreBackend) throws {
        let tollgate = try TollgateExecutable.require()
        let projects = try ["first", "second"].map { try StoreProject("create-\($0)") }
        defer { projects.forEach { $0.remove() } }
        try projects[1].setRemoveAdsPrice("3.49")
        let script = """
            ( cd "$2" && "$1" publish --store "$4" --author first >/dev/null 2>"$5"; echo $? >"$5.status" ) &
            ( cd "$3" && "$1" publish --store "$4" --author second >/dev/null 2>"$6"; echo $? >"$6.status" ) &
            """
        for attempt in 1...10 {
            let database = backend == .postgres ? try TestDatabase.create("create-\(attempt)") : nil
            defer { database?.drop() }
            let store = database?.url ?? projects[0].folder.appendingPathComponent("store-\(attempt).sqlite").path
            let errors = ["first", "second"].map {
                projects[0].folder.appendingPathComponent("\($0)-\(attempt).err").path
            }
            let shell = try ChildProcess(
                ["-c", script, "sh", tollgate.url.path, projects[0].path, projects[1].path, store] + errors,
                executable: URL(fileURLWithPath: "/bin/sh"), in: projects[0].folder, prefix: []).wait()
            try #require(shell.status == 0, "\(shell.stderr)")
            let deadline = ContinuousClock.now + .seconds(60)
            var statuses: [String] = []
            repeat {
                usleep(20_000)
                statuses = errors.compactMap { try? String(contentsOfFile: $0 + ".status", encoding: .utf8) }
                    .filter { $0.hasSuffix("\n") }
            } while statuses.count < 2 && ContinuousClock.now < deadline
            let stderr = errors.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
            #expect(statuses == ["0\n", "0\n"], "attempt \(attempt): \(stderr)")
            let reader = try StoreLocation(store).open(.read)
            #expect(try reader.history(app: Self.app).count == 2)
            #expect(try reader.history(app: "lingualeap").count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func concurrentPublishesCannotGiveOneProductTwoTypes(backend: StoreBackend) throws {
        let tollgate = try TollgateExecutable.require()
        let projects = try [StoreProject("types-consumable", backend: backend), StoreProject("types-non-consumable")]
        defer { projects.forEach { $0.remove() } }
        let store = projects[0].sharedStore
        let setup = try tollgate.run(Self.publishArguments("setup", store: store), in: projects[0].folder)
        try #require(setup.status == 0, "\(setup.stderr)")
        let products = [
            "credits: { currency: coins, amount: 500 }",
            "grants: [remove-ads]",
        ]
        for (project, (type, body)) in zip(projects, zip(["consumable", "non-consumable"], products)) {
            try project.edit(Self.policy, replacing: "\nsubscription_groups:", with: """
                  - id: com.example.photocollage.bonus
                    type: \(type)
                    \(body)

                subscription_groups:
                """)
        }
        let running = try projects.map {
            try tollgate.start(Self.publishArguments("bonus", store: store), in: $0.folder)
        }
        let results = running.map { $0.wait() }
        #expect(results.map(\.status).sorted() == [0, 1], "\(results.map(\.stderr))")
        #expect(results.contains { $0.stderr.contains("[product-type-changed]") })
    }

    @Test(arguments: BadStore.all, ["publish", "history"])
    func aBadStoreIsRefusedAndLeftAsItWas(bad: BadStore, command: String) throws {
        let tollgate = try TollgateExecutable.require()
        let project = try StoreProject("bad-store")
        defer { project.remove() }
        let folder = project.folder.appendingPathComponent("stores")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let path = folder.appendingPathComponent("store.sqlite")
        try bad.make(path, project)
        let before = try FileState(folder)
        try project.setRemoveAdsPrice("3.49")
        let arguments = command == "publish" ? Self.publishArguments("refused", store: path.path)
            : ["history", "--store", path.path]
        let result = try tollgate.run(arguments, in: project.folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        #expect(result.stderr.contains(bad.message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        let after = try FileState(folder)
        #expect(after.store == before.store, "the store's bytes and modification time")
        if command == "publish" {
            #expect(after == before, "no file beside the store")
        }
    }

    @Test(.enabled(if: TollgateExecutable.unprivileged != nil,
                   "the tests run as root without a working setpriv, and root writes read-only files"))
    func aReadOnlyStoreIsRefusedForWritingAndStillRead() throws {
        let tollgate = try #require(TollgateExecutable.unprivileged)
        let project = try StoreProject("read-only")
        defer { project.remove() }
        let folder = project.folder.appendingPathComponent("stores")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let path = folder.appendingPathComponent("store.sqlite")
        try Self.publishStore(at: path, from: project)
        if !tollgate.prefix.isEmpty {
            try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534],
                                                  ofItemAtPath: path.path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path.path)
        let before = try FileState(folder)
        try project.setRemoveAdsPrice("3.49")

        let refused = try tollgate.run(Self.publishArguments("refused", store: path.path), in: project.folder)
        #expect(refused.status == 2)
        #expect(refused.stderr
            == "error: \(path.path) cannot be written (read-only file or folder); nothing was changed\n")
        let after = try FileState(folder)
        #expect(after.store == before.store, "the store's bytes and modification time")
        #expect(after == before, "no file beside the store")

        let history = try tollgate.run(["history", "--store", path.path], in: project.folder)
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("setup"), "\(history.stdout)")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path.path)
        let writable = try tollgate.run(Self.publishArguments("writable again", store: path.path), in: project.folder)
        #expect(writable.status == 0, "\(writable.stderr)")
    }

    @Test func aStoreWhoseFirstPublishWasCutShortReadsAsNoStore() throws {
        let tollgate = try TollgateExecutable.require()
        let project = try StoreProject("empty-store")
        defer { project.remove() }
        try #require(FileManager.default.createFile(atPath: project.storePath, contents: nil))
        let history = try tollgate.run(["history", "--store", StoreProject.store], in: project.folder)
        #expect(history.status == 2)
        #expect(history.stderr.contains("publish a policy first"), "\(history.stderr)")
        let publish = try tollgate.run(Self.publishArguments("first", store: StoreProject.store), in: project.folder)
        #expect(publish.status == 0, "\(publish.stderr)")
        #expect(try tollgate.run(["history", "--store", StoreProject.store], in: project.folder).status == 0)
    }
}

/// The files of a folder, with the bytes and modification time of its `store.sqlite`.
struct FileState: Equatable {
    struct StoreFile: Equatable {
        var bytes: Data?
        var modified: Date?
        var listing: [String]?
    }

    var names: [String]
    var store: StoreFile

    init(_ folder: URL) throws {
        names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let path = folder.appendingPathComponent("store.sqlite").path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let isFile = exists && !isDirectory.boolValue
        store = StoreFile(bytes: isFile ? FileManager.default.contents(atPath: path) : nil,
                          modified: attributes?[.modificationDate] as? Date,
                          listing: isDirectory.boolValue
                              ? try FileManager.default.contentsOfDirectory(atPath: path).sorted() : nil)
    }
}
