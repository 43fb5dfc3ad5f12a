import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing
import TollgateCLI

/// How a command finds its store: `--store`, its older name `--db`, `sqlite:PATH`, and `TOLLGATE_STORE` when
/// `--store` is absent, on `publish`, `history`, `diff`, `validate` and `serve`.
@Suite(.tags(.postgres)) struct StoreOptionTests {
    static func run(_ arguments: [String], in project: StoreProject, environment: [String: String] = [:])
        -> CommandResult
    {
        Tollgate.run(arguments, context: CommandContext(
            currentDirectory: project.path, environment: environment.merging(["USER": "tester"]) { old, _ in old },
            now: StoreCommandTests.now))
    }

    /// The entries `history --format json` lists, with `options` naming the store.
    static func history(_ project: StoreProject, _ options: [String] = [], environment: [String: String] = [:])
        throws -> [[String: Any]]
    {
        let result = run(["history", "--format", "json"] + options, in: project, environment: environment)
        try #require(result.exitCode == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// Whether the default store `.tollgate/store.sqlite` exists in the project.
    static func defaultStoreExists(_ project: StoreProject) -> Bool {
        FileManager.default.fileExists(atPath: project.folder.appendingPathComponent(".tollgate").path)
    }

    @Test(arguments: StoreBackend.allCases)
    func dbIsAnotherNameForStore(backend: StoreBackend) throws {
        let project = try StoreProject("db-alias", backend: backend)
        defer { project.remove() }
        let publish = Self.run(["publish", "--db", project.store, "--author", "tester"], in: project)
        #expect(publish.exitCode == 0, "\(publish.stderr)")
        #expect(try Self.history(project, ["--store", project.store]).count == 2)
        let viaDB = Self.run(["history", "--db", project.store], in: project)
        #expect(viaDB.exitCode == 0, "\(viaDB.stderr)")
        #expect(viaDB.stdout == Self.run(["history", "--store", project.store], in: project).stdout)
        #expect(!Self.defaultStoreExists(project))
    }

    @Test(arguments: StoreBackend.allCases)
    func tollgateStoreNamesTheStoreWhenStoreIsAbsent(backend: StoreBackend) throws {
        let project = try StoreProject("environment", backend: backend)
        defer { project.remove() }
        let environment = ["TOLLGATE_STORE": project.store]
        let publish = Self.run(["publish", "--author", "tester"], in: project, environment: environment)
        #expect(publish.exitCode == 0, "\(publish.stderr)")
        #expect(publish.stdout.hasPrefix("published lingualeap version 1 (sha256:"), "\(publish.stdout)")
        #expect(try Self.history(project, environment: environment).count == 2)
        #expect(try Self.history(project, ["--store", project.store]).count == 2, "the variable's store was written")
        let diff = Self.run(["diff", "1", "Policies/photocollage.yaml"], in: project, environment: environment)
        #expect(diff.exitCode == 0, "\(diff.stderr)")
        #expect(diff.stdout == "photocollage: version 1 → Policies/photocollage.yaml\nno changes\n")
        let rollback = Self.run(["rollback", "--app", "photocollage", "--to", "1", "--author", "tester"], in: project,
                                environment: environment)
        #expect(rollback.exitCode == 0, "\(rollback.stderr)")
        #expect(rollback.stdout == "production of photocollage already serves version 1; nothing written\n")
        #expect(!Self.defaultStoreExists(project))
    }

    @Test func storeWinsOverTollgateStore() throws {
        let project = try StoreProject("store-wins")
        defer { project.remove() }
        let environment = ["TOLLGATE_STORE": "environment.sqlite"]
        let publish = Self.run(["publish", "--store", "option.sqlite", "--author", "tester"], in: project,
                               environment: environment)
        #expect(publish.exitCode == 0, "\(publish.stderr)")
        #expect(FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("option.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("environment.sqlite").path))
    }

    /// Without `--store`, an unset or empty `TOLLGATE_STORE` leaves the default file.
    @Test(arguments: [[:], ["TOLLGATE_STORE": ""]])
    func withoutEitherTheStoreIsTheDefaultFile(environment: [String: String]) throws {
        let project = try StoreProject("default-store")
        defer { project.remove() }
        let publish = Self.run(["publish", "--author", "tester"], in: project, environment: environment)
        #expect(publish.exitCode == 0, "\(publish.stderr)")
        #expect(try Self.history(project, ["--store", ".tollgate/store.sqlite"]).count == 2)
    }

    @Test func sqliteColonNamesAFileRelativeOrAbsolute() throws {
        let project = try StoreProject("sqlite-prefix")
        defer { project.remove() }
        let relative = Self.run(["publish", "--store", "sqlite:relative.sqlite", "--author", "tester"], in: project)
        #expect(relative.exitCode == 0, "\(relative.stderr)")
        #expect(try Self.history(project, ["--store", "relative.sqlite"]).count == 2)
        #expect(try Self.history(project, ["--store", "sqlite:relative.sqlite"]).count == 2)

        let absolute = project.folder.appendingPathComponent("absolute.sqlite").path
        let publish = Self.run(["publish", "--store", "sqlite:\(absolute)", "--app", "photocollage",
                                "--author", "tester"], in: project)
        #expect(publish.exitCode == 0, "\(publish.stderr)")
        #expect(try Self.history(project, ["--store", absolute]).count == 1)
        #expect(try Self.history(project, environment: ["TOLLGATE_STORE": "sqlite:\(absolute)"]).count == 1)
        #expect(!Self.defaultStoreExists(project))
    }

    @Test(arguments: StoreBackend.allCases)
    func validateChecksProductIDsAgainstTollgateStore(backend: StoreBackend) throws {
        let project = try StoreProject("validate-environment", backend: backend)
        defer { project.remove() }
        let environment = ["TOLLGATE_STORE": project.store]
        #expect(Self.run(["publish", "--author", "tester"], in: project, environment: environment).exitCode == 0)
        try StoreCommandTests.changeCoinsToNonConsumable(in: project)
        #expect(Self.run(["validate"], in: project).exitCode == 0, "nothing else is wrong with the policy")
        let result = Self.run(["validate"], in: project, environment: environment)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("was published as 'consumable' (the store \(project.store), version 1); its "
                                       + "type cannot change to 'non-consumable' [product-type-changed]"),
                "\(result.stderr)")
    }

    /// `--baseline` with `TOLLGATE_STORE` set is no usage error: the baseline is used and the store is not opened,
    /// even one that cannot be reached.
    @Test(arguments: StoreBackend.allCases.map(Optional.some) + [nil])
    func validateWithABaselineIgnoresTollgateStore(backend: StoreBackend?) throws {
        let project = try StoreProject("validate-baseline-environment", backend: backend ?? .sqlite)
        defer { project.remove() }
        let store = backend == nil ? "postgresql://u@127.0.0.1:1/unreachable" : project.store
        if backend != nil {
            #expect(Self.run(["publish", "--store", store, "--author", "tester"], in: project).exitCode == 0)
        }
        try StoreCommandTests.changeCoinsToNonConsumable(in: project)
        let baseline = StoreProject.repositoryRoot.path
        let result = Self.run(["validate", "--baseline", baseline], in: project,
                              environment: ["TOLLGATE_STORE": store])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("was published as 'consumable' (the baseline \(baseline)/Policies/"
                                       + "photocollage.yaml); its type cannot change"), "\(result.stderr)")
        #expect(!result.stderr.contains("the store"), "\(result.stderr)")
    }

    /// `serve` with only `TOLLGATE_STORE` serves what the store's channel points at, not the files on disk; its log
    /// never shows the password of the database's URL.
    @Test(arguments: StoreBackend.allCases)
    func serveServesTheStoreTollgateStoreNames(backend: StoreBackend) async throws {
        let tollgate = try TollgateExecutable.require()
        let project = try StoreProject("serve-environment", backend: backend)
        defer { project.remove() }
        #expect(Self.run(["publish", "--store", project.store, "--author", "tester"], in: project).exitCode == 0)
        try project.setRemoveAdsPrice("3.49")
        #expect(Self.run(["publish", "--store", project.store, "--author", "tester"], in: project).exitCode == 0)
        let published = try #require(try Self.history(project, ["--store", project.store, "--app", "photocollage"])
            .first?["hash"] as? String)
        try project.setRemoveAdsPrice("4.99", from: "3.49")

        let store = try project.database.map {
            try PostgresInputTests.url($0.url, user: "postgres", password: PostgresInputTests.password)
        } ?? project.sharedStore
        let serve = try tollgate.start(["serve", "--port", "0"], in: project.folder,
                                       environment: ["TOLLGATE_STORE": store])
        defer {
            serve.killUnlessEnded()
            _ = serve.wait()
        }
        let url = try await Self.listeningURL(serve)
        let (body, response) = try await URLSession.shared.data(from: try #require(URL(string: url + "/v1/apps")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let apps = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["apps"]
            as? [[String: Any]], "\(String(decoding: body, as: UTF8.self))")
        let photocollage = try #require(apps.first { $0["app"] as? String == "photocollage" }, "\(apps)")
        #expect(photocollage["version"] as? Int == 2, "\(apps)")
        #expect(photocollage["policy"] as? String == published, "\(apps)")
        #expect(apps.first { $0["app"] as? String == "lingualeap" }?["version"] as? Int == 1, "\(apps)")
        #expect(!serve.stderrSoFar.contains(PostgresInputTests.password), "the log hides the password")
    }

    /// The `url` of serve's `listening` log line, waiting for it.
    ///
    /// The log is read again after every wait, the last one too, so a test the scheduler left asleep past the
    /// deadline still sees a line that came in time.
    static func listeningURL(_ serve: ChildProcess) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            for line in serve.stderrSoFar.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      object["event"] as? String == "listening", let url = object["url"] as? String else { continue }
                return url
            }
            try #require(serve.process.isRunning, "serve exited: \(serve.stderrSoFar)")
            guard ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("serve did not report 'listening' within 60 s: \(serve.stderrSoFar)")
        throw CancellationError()
    }
}
