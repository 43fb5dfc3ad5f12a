import Foundation
import Store
import TestSupport
import Testing
import TollgateCLI

/// `publish`, `history`, `rollback`, `diff` and `validate --store|--baseline`, in-process on copies of the
/// example apps, on each store backend.
@Suite(.tags(.postgres)) struct StoreCommandTests {
    static let now = Date(timeIntervalSince1970: 1_796_040_000)
    static let timestamp = "2026-11-30T12:00:00Z"
    static let coins = "com.example.photocollage.coins.100"
    static let bonus = "com.example.photocollage.coins.500"

    static func run(_ arguments: [String], in project: StoreProject) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: project.path,
                                                        environment: ["USER": "tester"], now: now))
    }

    /// `publish` into the project's store as `tester`, with `extra` options.
    static func publish(_ project: StoreProject, _ extra: [String] = []) -> CommandResult {
        run(["publish", "--store", project.store, "--author", "tester"] + extra, in: project)
    }

    static func history(_ project: StoreProject, _ extra: [String] = []) throws -> [[String: Any]] {
        let result = run(["history", "--store", project.store, "--format", "json"] + extra, in: project)
        try #require(result.exitCode == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// Adds a consumable `bonus` product after the others.
    static func addBonus(to project: StoreProject) throws {
        try project.edit("Policies/photocollage.yaml", replacing: "\nsubscription_groups:", with: """
              - id: \(bonus)
                type: consumable
                credits: { currency: coins, amount: 500 }

            subscription_groups:
            """)
    }

    @Test(arguments: StoreBackend.allCases)
    func publishRecordsEveryAppAndRepublishingWritesNothing(backend: StoreBackend) throws {
        let project = try StoreProject("publish", backend: backend)
        defer { project.remove() }
        let first = Self.publish(project, ["-m", "first release"])
        #expect(first.exitCode == 0, "\(first.stderr)")
        let published = Self.lines(first.stdout)
        try #require(published.count == 2, "\(first.stdout)")
        for (line, app) in zip(published, ["lingualeap", "photocollage"]) {
            #expect(line.hasPrefix("published \(app) version 1 (sha256:"), "\(line)")
            #expect(line.hasSuffix("…) to production"), "\(line)")
        }
        let before = try Self.history(project)
        #expect(before.count == 2)

        let again = Self.publish(project, ["-m", "again"])
        #expect(again.exitCode == 0, "\(again.stderr)")
        let unchanged = Self.lines(again.stdout)
        try #require(unchanged.count == 2, "\(again.stdout)")
        for (line, app) in zip(unchanged, ["lingualeap", "photocollage"]) {
            #expect(line.hasPrefix("\(app): version 1 (sha256:"), "\(line)")
            #expect(line.hasSuffix("…) is already active on production; nothing written"), "\(line)")
        }
        #expect(try Self.history(project).count == 2)
    }

    @Test(arguments: StoreBackend.allCases)
    func publishingOneAppToAnotherChannelReusesItsSnapshot(backend: StoreBackend) throws {
        let project = try StoreProject("channel", backend: backend)
        defer { project.remove() }
        #expect(Self.publish(project, ["--app", "photocollage"]).exitCode == 0)
        let staging = Self.publish(project, ["--app", "photocollage", "--channel", "staging"])
        #expect(staging.exitCode == 0, "\(staging.stderr)")
        #expect(staging.stdout.hasPrefix("published photocollage version 1 (sha256:"), "\(staging.stdout)")
        #expect(staging.stdout.hasSuffix("…) to staging\n"), "\(staging.stdout)")
        let entries = try Self.history(project)
        #expect(entries.map { $0["channel"] as? String } == ["staging", "production"])
        #expect(entries.map { $0["active"] as? Bool } == [true, true])
        #expect(try Self.history(project, ["--channel", "staging"]).count == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func historyJSONHasOneObjectPerPublishWithTheDocumentedKeys(backend: StoreBackend) throws {
        let project = try StoreProject("history-json", backend: backend)
        defer { project.remove() }
        #expect(Self.publish(project, ["-m", "first release"]).exitCode == 0)
        let entries = try Self.history(project)
        try #require(entries.count == 2)
        for entry in entries {
            #expect(Set(entry.keys) == ["version", "hash", "app", "channel", "action", "author", "message",
                                        "created_at", "active"])
            #expect(entry["version"] as? Int == 1)
            let hash = try #require(entry["hash"] as? String)
            #expect(hash.hasPrefix("sha256:") && hash.count == 71, "\(hash)")
            #expect(hash.dropFirst(7).allSatisfy { "0123456789abcdef".contains($0) }, "\(hash)")
            #expect(entry["channel"] as? String == "production")
            #expect(entry["action"] as? String == "publish")
            #expect(entry["author"] as? String == "tester")
            #expect(entry["message"] as? String == "first release")
            #expect(entry["created_at"] as? String == Self.timestamp)
            #expect(entry["active"] as? Bool == true)
        }
        #expect(Set(entries.compactMap { $0["app"] as? String }) == ["lingualeap", "photocollage"])
        let photocollage = try Self.history(project, ["--app", "photocollage"])
        #expect(photocollage.compactMap { $0["app"] as? String } == ["photocollage"])
        #expect(try Self.history(project, ["--channel", "staging"]).isEmpty)
    }

    @Test(arguments: StoreBackend.allCases)
    func historyTextIsATableWithTheActiveEntriesStarred(backend: StoreBackend) throws {
        let project = try StoreProject("history-text", backend: backend)
        defer { project.remove() }
        #expect(Self.publish(project, ["--app", "photocollage", "-m", "first"]).exitCode == 0)
        try project.setRemoveAdsPrice("3.49")
        #expect(Self.publish(project, ["--app", "photocollage", "-m", "second"]).exitCode == 0)
        let hashes = try Self.history(project).compactMap { ($0["hash"] as? String)?.dropFirst(7).prefix(12) }
        let result = Self.run(["history", "--store", project.store], in: project)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let rows = Self.lines(result.stdout).map { $0.split(separator: " ").map(String.init) }
        try #require(rows.count == 3, "\(result.stdout)")
        #expect(rows[0] == ["version", "hash", "app", "channel", "action", "created_at", "author", "message"])
        #expect(rows[1] == ["*", "2", String(hashes[0]), "photocollage", "production", "publish", Self.timestamp,
                            "tester", "second"])
        #expect(rows[2] == ["1", String(hashes[1]), "photocollage", "production", "publish", Self.timestamp, "tester",
                            "first"])
        #expect(Self.lines(result.stdout)[2].hasPrefix("   1  "), "an inactive entry has no star")
    }

    @Test(arguments: StoreBackend.allCases)
    func rollbackByVersionAndByHashPrefixMovesTheChannel(backend: StoreBackend) throws {
        let project = try StoreProject("rollback", backend: backend)
        defer { project.remove() }
        #expect(Self.publish(project, ["--app", "photocollage"]).exitCode == 0)
        try project.setRemoveAdsPrice("3.49")
        #expect(Self.publish(project, ["--app", "photocollage"]).exitCode == 0)
        let hashes = try Self.history(project).compactMap { $0["hash"] as? String }
        try #require(hashes.count == 2)
        let (second, first) = (hashes[0], hashes[1])

        let back = Self.run(["rollback", "--app", "photocollage", "--to", "1", "--store", project.store,
                             "--author", "tester"], in: project)
        #expect(back.exitCode == 0, "\(back.stderr)")
        #expect(back.stdout == "production of photocollage now serves version 1 (\(first.prefix(19))…)\n")
        var entries = try Self.history(project)
        #expect(entries.count == 3)
        #expect(entries.first?["action"] as? String == "rollback")
        #expect(entries.first?["version"] as? Int == 1)
        #expect(entries.first?["message"] as? String == "rollback to 1")
        #expect(entries.map { $0["active"] as? Bool } == [true, false, false])

        for reference in [String(second.dropFirst(7).prefix(8)), String(second.prefix(15))] {
            let forward = Self.run(["rollback", "--app", "photocollage", "--to", reference, "--store", project.store,
                                    "--author", "tester"], in: project)
            #expect(forward.exitCode == 0, "\(forward.stderr)")
            #expect(forward.stdout == (reference.hasPrefix("sha256:")
                ? "production of photocollage already serves version 2; nothing written\n"
                : "production of photocollage now serves version 2 (\(second.prefix(19))…)\n"))
        }
        entries = try Self.history(project)
        #expect(entries.count == 4)
        #expect(entries.first?["version"] as? Int == 2)
        #expect(entries.first?["active"] as? Bool == true)
    }

    @Test(arguments: StoreBackend.allCases, [
        ("photocollage", "sha256:", "'sha256:' matches versions 1, 2 of 'photocollage'; give more of the hash"),
        ("photocollage", "7",
         "'photocollage' has no published version '7'; 'tollgate history --app photocollage' lists them"),
        ("photocollage", "zz", "'photocollage' has no published version 'zz'"),
        ("photocolage", "1",
         "'photocolage' has no published version '1': the store holds no app 'photocolage' (it holds 'photocollage')\n"),
    ])
    func rollbackToAnUnknownOrAmbiguousReferenceExitsWithTwo(
        backend: StoreBackend, rollback: (app: String, reference: String, message: String)
    ) throws {
        let (app, reference, message) = rollback
        let project = try StoreProject("rollback-bad", backend: backend)
        defer { project.remove() }
        #expect(Self.publish(project, ["--app", "photocollage"]).exitCode == 0)
        try project.setRemoveAdsPrice("3.49")
        #expect(Self.publish(project, ["--app", "photocollage"]).exitCode == 0)
        let result = Self.run(["rollback", "--app", app, "--to", reference, "--store", project.store,
                               "--author", "tester"], in: project)
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: \(message)"), "\(result.stderr)")
        #expect(try Self.history(project).count == 2)
    }

    @Test(arguments: StoreBackend.allCases)
    func publishRefusesAChangedProductTypeAndWritesNothing(backend: StoreBackend) throws {
        let project = try StoreProject("type-changed", backend: backend)
        defer { project.remove() }
        #expect(Self.publish(project).exitCode == 0)
        let before = Self.run(["history", "--store", project.store, "--format", "json"], in: project).stdout
        try Self.changeCoinsToNonConsumable(in: project)
        try project.setRemoveAdsPrice("3.49")
        let result = Self.publish(project)
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("error: product '\(Self.coins)' was published as 'consumable' (the store "),
                "\(result.stderr)")
        #expect(result.stderr.contains("its type cannot change to 'non-consumable' [product-type-changed]"))
        #expect(Self.run(["history", "--store", project.store, "--format", "json"], in: project).stdout == before)
    }

    /// A first publish that validation refuses creates no store: no file, no tables, and a later good publish is
    /// version 1.
    @Test(arguments: StoreBackend.allCases)
    func aRefusedFirstPublishCreatesNoStore(backend: StoreBackend) throws {
        let project = try StoreProject("refused-first", backend: backend)
        defer { project.remove() }
        try project.edit("Policies/photocollage.yaml", replacing: "grants: [remove-ads]", with: "grants: [remove-ad]")
        let refused = Self.publish(project)
        #expect(refused.exitCode == 1)
        #expect(refused.stderr.contains("[unknown-tier]"), "\(refused.stderr)")
        #expect(throws: StoreError.missing(path: project.sharedStore)) { try project.open(.read) }
        if backend == .sqlite { #expect(!FileManager.default.fileExists(atPath: project.storePath)) }

        try project.edit("Policies/photocollage.yaml", replacing: "grants: [remove-ad]", with: "grants: [remove-ads]")
        let published = Self.publish(project)
        #expect(published.exitCode == 0, "\(published.stderr)")
        #expect(published.stdout.contains("published photocollage version 1 "), "\(published.stdout)")
    }

    static func changeCoinsToNonConsumable(in project: StoreProject) throws {
        try project.edit("Policies/photocollage.yaml", replacing: ExampleEdits.coinsBecomeNonConsumable.0,
                         with: ExampleEdits.coinsBecomeNonConsumable.1)
    }

    @Test(arguments: StoreBackend.allCases, ["--store", "--baseline"])
    func validateReportsAChangedProductTypeAgainstAStoreOrABaseline(backend: StoreBackend, option: String) throws {
        let project = try StoreProject("validate-baseline", backend: backend)
        defer { project.remove() }
        #expect(Self.publish(project).exitCode == 0)
        try Self.changeCoinsToNonConsumable(in: project)
        #expect(Self.run(["validate"], in: project).exitCode == 0, "nothing else is wrong with the policy")
        let value = option == "--store" ? project.store : StoreProject.repositoryRoot.path
        let result = Self.run(["validate", option, value], in: project)
        #expect(result.exitCode == 1)
        let source = option == "--store"
            ? "the store \(project.store), version 1"
            : "the baseline \(StoreProject.repositoryRoot.path)/Policies/photocollage.yaml"
        #expect(result.stderr.contains(
            ": error: product '\(Self.coins)' was published as 'consumable' (\(source)); its type cannot change to "
                + "'non-consumable' [product-type-changed]"), "\(result.stderr)")
    }

    @Test(arguments: StoreBackend.allCases)
    func validateRefusesBothADatabaseAndABaseline(backend: StoreBackend) throws {
        let project = try StoreProject("validate-both", backend: backend)
        defer { project.remove() }
        let result = Self.run(["validate", "--store", project.store, "--baseline", "."], in: project)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: '--baseline' and '--store' cannot be used together\n"))
    }

    @Test(arguments: StoreBackend.allCases)
    func aProductIDRemovedFromAPublishedVersionCannotComeBack(backend: StoreBackend) throws {
        let project = try StoreProject("id-reused", backend: backend)
        defer { project.remove() }
        let original = try project.read("Policies/photocollage.yaml")
        try Self.addBonus(to: project)
        #expect(Self.publish(project, ["--app", "photocollage"]).exitCode == 0)
        try project.write(original, to: "Policies/photocollage.yaml")
        #expect(Self.publish(project, ["--app", "photocollage"]).stdout.hasPrefix("published photocollage version 2"))
        try Self.addBonus(to: project)
        try project.setRemoveAdsPrice("3.49")

        #expect(Self.run(["validate"], in: project).exitCode == 0, "nothing else is wrong with the policy")
        let validate = Self.run(["validate", "--store", project.store], in: project)
        #expect(validate.exitCode == 1)
        let finding = "error: product id '\(Self.bonus)' was published and later removed "
            + "(the store \(project.store), version 2); product ids cannot be used again [product-id-reused]"
        #expect(validate.stderr.contains(finding), "\(validate.stderr)")
        #expect(validate.stderr.contains("help: give this product a new id, such as '\(Self.bonus).v2'"))

        let publish = Self.publish(project, ["--app", "photocollage"])
        #expect(publish.exitCode == 1)
        #expect(publish.stderr.contains(finding), "\(publish.stderr)")
        #expect(try Self.history(project).count == 2)
    }

    @Test(arguments: StoreBackend.allCases)
    func diffBetweenTwoVersionsAndBetweenAVersionAndAFile(backend: StoreBackend) throws {
        let project = try StoreProject("diff", backend: backend)
        defer { project.remove() }
        #expect(Self.publish(project).exitCode == 0)
        try project.setRemoveAdsPrice("3.49")
        try project.edit("Policies/photocollage.yaml",
                         replacing: "templates.advanced: { title: Advanced templates,  tier: premium }",
                         with: "templates.advanced: { title: Advanced templates,  tier: remove-ads }")
        #expect(Self.publish(project, ["--app", "photocollage"]).exitCode == 0)
        let changes = [
            "products",
            "  ~ com.example.photocollage.removeads: reference prices USD 2.99, KRW 3900, JPY 480 → "
                + "USD 3.49, KRW 3900, JPY 480; its buyers gain templates.advanced",
            "features",
            "  ~ templates.advanced: moves from tier premium to remove-ads",
            "      gained by buyers of com.example.photocollage.removeads",
        ]

        let versions = Self.run(["diff", "1", "2", "--app", "photocollage", "--store", project.store], in: project)
        #expect(versions.exitCode == 0, "\(versions.stderr)")
        #expect(Self.lines(versions.stdout) == ["photocollage: version 1 → version 2"] + changes)

        let file = Self.run(["diff", "1", "Policies/photocollage.yaml", "--store", project.store], in: project)
        #expect(file.exitCode == 0, "\(file.stderr)")
        #expect(Self.lines(file.stdout) == ["photocollage: version 1 → Policies/photocollage.yaml"] + changes)

        let hash = try #require(try Self.history(project, ["--app", "photocollage"]).first?["hash"] as? String)
        let same = Self.run(["diff", String(hash.dropFirst(7).prefix(10)), "Policies/photocollage.yaml",
                             "--store", project.store], in: project)
        #expect(same.exitCode == 0, "\(same.stderr)")
        #expect(same.stdout == "photocollage: version 2 → Policies/photocollage.yaml\nno changes\n")

        let json = Self.run(["diff", "1", "2", "--app", "photocollage", "--format", "json", "--store", project.store],
                            in: project)
        #expect(json.exitCode == 0, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["app"] as? String == "photocollage")
        #expect(report["from"] as? String == "version 1")
        #expect(report["to"] as? String == "version 2")
        let entries = try #require(report["changes"] as? [[String: Any]])
        #expect(entries.compactMap { $0["subject"] as? String }
            == ["com.example.photocollage.removeads", "templates.advanced"])
        #expect(entries.last?["gained_by"] as? [String] == ["com.example.photocollage.removeads"])
    }

    @Test(arguments: StoreBackend.allCases, [
        (["diff", "1", "2"], "missing option '--app <app>': the store holds 2 apps\n  help: name one of 'lingualeap', 'photocollage'"),
        (["diff", "1"], "missing argument '<new>'"),
        (["diff", "1", "9", "--app", "photocollage"], "'photocollage' has no published version '9'"),
    ])
    func diffUsageErrorsExitWithTwo(backend: StoreBackend, usage: (arguments: [String], message: String)) throws {
        let (arguments, message) = usage
        let project = try StoreProject("diff-usage", backend: backend)
        defer { project.remove() }
        #expect(Self.publish(project).exitCode == 0)
        let result = Self.run(arguments + ["--store", project.store], in: project)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: \(message)"), "\(result.stderr)")
    }

    @Test(arguments: StoreBackend.allCases)
    func diffOnAStoreWithoutAppsSaysToPublishFirst(backend: StoreBackend) throws {
        let project = try StoreProject("diff-empty", backend: backend)
        defer { project.remove() }
        _ = try project.open(.create)
        let result = Self.run(["diff", "1", "2", "--store", project.store], in: project)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "error: the store holds no published app\n"
                + "  help: publish a policy first ('tollgate publish')\n")
    }

    /// The SQLite store's file; PostgresInputTests holds the counterparts on PostgreSQL.
    @Test(arguments: [["history"], ["diff", "1", "2", "--app", "photocollage"]])
    func readingAMissingStoreSaysSoAndCreatesNothing(arguments: [String]) throws {
        let project = try StoreProject("missing")
        defer { project.remove() }
        let result = Self.run(arguments + ["--store", "missing/store.sqlite"], in: project)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "error: no store at \(project.path)/missing/store.sqlite; publish a policy first "
                + "('tollgate publish')\n")
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("missing").path))
    }

    @Test func rollbackOnAMissingStoreCreatesNothing() throws {
        let project = try StoreProject("rollback-missing")
        defer { project.remove() }
        let result = Self.run(["rollback", "--app", "photocollage", "--to", "1", "--store", "missing/store.sqlite",
                               "--author", "tester"], in: project)
        #expect(result.exitCode == 2)
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("missing").path))
    }
}
