import Foundation
import TestAppStore
import TestSupport
import Testing
import TollgateCLI

/// `tollgate customers ingest|show|forget` in a copy of the example project, on its default store
/// (`.tollgate/store.sqlite`), with notifications signed by the test chain.
@Suite struct CustomersCommandTests {
    static let root = AppStoreTestSigner.rootFile
    static let monthly = "com.example.photocollage.premium.monthly"
    static let coins = "com.example.photocollage.coins.100"
    static let day: Int64 = 86_400_000
    /// Now, in milliseconds: the commands judge at the real clock.
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    let user = "00000000-0000-4000-8000-000000000001"
    let signer: AppStoreTestSigner
    let project: StoreProject

    init() throws {
        signer = try AppStoreTestSigner()
        project = try StoreProject("customers")
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: project.path, environment: environment))
    }

    /// A sandbox subscription of a month, bought a day ago by `user`.
    func subscribed(_ id: String) -> TestNotification {
        var transaction = TestTransaction(transactionID: id, productID: Self.monthly, purchaseDate: now - Self.day,
                                          expiresDate: now + 29 * Self.day)
        transaction.appAccountToken = user
        return TestNotification(type: "SUBSCRIBED", subtype: "INITIAL_BUY", signedDate: transaction.signedDate,
                                transaction: transaction)
    }

    /// A pack of coins bought a day ago by `user`.
    func coins(_ id: String) -> TestNotification {
        var transaction = TestTransaction(transactionID: id, productID: Self.coins, purchaseDate: now - Self.day)
        transaction.type = "Consumable"
        transaction.appAccountToken = user
        return TestNotification(type: "ONE_TIME_CHARGE", signedDate: transaction.signedDate, transaction: transaction)
    }

    @Test func ingestAppliesEachSavedNotificationOnce() throws {
        defer { project.remove() }
        let first = subscribed("100")
        let second = coins("101")
        try project.write(signer.body(first) + "\n\n" + signer.body(second) + "\n", to: "history.jsonl")
        let pretty = coins("102")
        let payload = signer.sign(pretty.json(signing: signer.sign))
        try project.write("{\n  \"signedPayload\": \"\(payload)\"\n}\n", to: "one.json")
        let arguments = ["customers", "ingest", "--app", "photocollage", "history.jsonl", "one.json",
                         "--apple-root-ca", Self.root]
        let applied = run(arguments)
        #expect(applied.exitCode == 0, "\(applied.stderr)")
        #expect(applied.stderr.isEmpty)
        #expect(applied.stdout == """
            history.jsonl:1: applied \(first.uuid) \(user)
            history.jsonl:3: applied \(second.uuid) \(user)
            one.json:1: applied \(pretty.uuid) \(user)

            """)
        let again = run(arguments)
        #expect(again.exitCode == 0)
        #expect(again.stdout == applied.stdout.replacingOccurrences(of: ": applied ", with: ": duplicate "))
        // The same notification twice in one file: the second is a duplicate too.
        let renewal = subscribed("103")
        try project.write(signer.body(renewal) + "\n" + signer.body(renewal) + "\n", to: "twice.jsonl")
        let twice = run(["customers", "ingest", "--app", "photocollage", "twice.jsonl", "--apple-root-ca", Self.root])
        #expect(twice.stdout == "twice.jsonl:1: applied \(renewal.uuid) \(user)\ntwice.jsonl:2: duplicate \(renewal.uuid) \(user)\n")
        let shown = run(["customers", "show", "--app", "photocollage", user, "--environment", "sandbox", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(document["credits"] as? [String: Int] == ["coins": 200])
    }

    @Test func ingestReadsAGetNotificationHistoryResponse() throws {
        defer { project.remove() }
        let first = subscribed("120")
        let second = coins("121")
        let items = [first, second].map { notification in
            #"{"signedPayload": "\#(signer.sign(notification.json(signing: signer.sign)))", "sendAttempts": "#
                + #"[{"attemptDate": 1698148900000, "sendAttemptResult": "SUCCESS"}]}"#
        }
        try project.write(#"{"notificationHistory": [\#(items.joined(separator: ", "))], "hasMore": false}"#,
                          to: "response.json")
        let applied = run(["customers", "ingest", "--app", "photocollage", "response.json", "--apple-root-ca", Self.root])
        #expect(applied.exitCode == 0, "\(applied.stderr)")
        #expect(applied.stdout == """
            response.json:notificationHistory[0]: applied \(first.uuid) \(user)
            response.json:notificationHistory[1]: applied \(second.uuid) \(user)

            """)
    }

    @Test func aRefusedLineIsReportedWhileTheOthersApply() throws {
        defer { project.remove() }
        let good = subscribed("110")
        let withoutOID = try AppStoreTestSigner(leaf: "leaf-without-oid")
        let bad = withoutOID.body(coins("111"))
        let later = coins("112")
        try project.write([signer.body(good), bad, "not json", #"{"payload": "x"}"#, signer.body(later)]
            .joined(separator: "\n") + "\n", to: "mixed.jsonl")
        let result = run(["customers", "ingest", "--app", "photocollage", "mixed.jsonl", "--apple-root-ca", Self.root])
        #expect(result.exitCode == 1)
        #expect(result.stdout == """
            mixed.jsonl:1: applied \(good.uuid) \(user)
            mixed.jsonl:5: applied \(later.uuid) \(user)

            """)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 3, "\(result.stderr)")
        #expect(errors.first?.hasPrefix("mixed.jsonl:2: error: the signed payload does not verify: ") == true,
                "\(result.stderr)")
        #expect(errors.first?.contains("OID") == true)
        #expect(errors.dropFirst().first?.hasPrefix("mixed.jsonl:3: error: not a JSON object") == true)
        #expect(errors.last?.hasPrefix("mixed.jsonl:4: error: no 'signedPayload' string") == true)
        #expect(!result.stderr.contains(bad.dropFirst(20).prefix(40)))
    }

    @Test func showPrintsTheDocumentAndForgetForgetsIt() throws {
        defer { project.remove() }
        let notification = subscribed("120")
        try project.write(signer.body(notification) + "\n" + signer.body(coins("121")) + "\n", to: "saved.jsonl")
        #expect(run(["customers", "ingest", "--app", "photocollage", "saved.jsonl", "--apple-root-ca", Self.root])
            .exitCode == 0)

        let text = run(["customers", "show", "--app", "photocollage", user, "--environment", "sandbox"])
        #expect(text.exitCode == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "customer '\(user)' of photocollage (sandbox)")
        #expect(lines.contains("entitlements:"))
        let entry = try #require(lines.first { $0.hasPrefix("  \(Self.monthly)  active until ") }, "\(text.stdout)")
        #expect(entry.hasSuffix("  (app-store, purchased, normal, does not renew, original 120)"))
        #expect(lines.contains("credits:"))
        #expect(lines.contains("  coins  100"))
        #expect(lines.contains("history:"))
        #expect(lines.contains { $0.contains("  app-store  SUBSCRIBED  ") })

        let json = run(["customers", "show", "--app", "photocollage", user, "--environment", "sandbox", "--format", "json"])
        #expect(json.exitCode == 0)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(Set(document.keys) == ["app", "customer", "environment", "entitlements", "credits", "history"])
        #expect(document["customer"] as? String == user)
        #expect(document["environment"] as? String == "sandbox")
        let first = try #require((document["entitlements"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["product", "state", "expires", "store", "environment", "original_transaction",
                                    "ownership", "period_type", "will_renew"])
        #expect(first["state"] as? String == "active")

        // The subscription is a sandbox one: in production the customer is entitled to nothing.
        let production = run(["customers", "show", "--app", "photocollage", user])
        #expect(production.stdout.hasPrefix("customer '\(user)' of photocollage (production)\nentitlements: none\n"))

        let forgot = run(["customers", "forget", "--app", "photocollage", user])
        #expect(forgot.exitCode == 0, "\(forgot.stderr)")
        #expect(forgot.stdout == "forgot customer '\(user)' of photocollage\n")
        let after = run(["customers", "show", "--app", "photocollage", user, "--environment", "sandbox"])
        #expect(after.stdout == "customer '\(user)' of photocollage (sandbox)\n"
            + "entitlements: none\ncredits: none\nhistory: none\n")
    }

    @Test func theEnvironmentVariableNamesTheRootAsTheOptionDoes() throws {
        defer { project.remove() }
        let notification = subscribed("130")
        try project.write(signer.body(notification) + "\n", to: "saved.jsonl")
        // Without a root of the test chain, Apple's own root is trusted, and the test chain does not lead to it.
        let untrusted = run(["customers", "ingest", "--app", "photocollage", "saved.jsonl"])
        #expect(untrusted.exitCode == 1)
        #expect(untrusted.stderr.hasPrefix("saved.jsonl:1: error: the signed payload does not verify: "),
                "\(untrusted.stderr)")
        let trusted = run(["customers", "ingest", "--app", "photocollage", "saved.jsonl"],
                          environment: ["TOLLGATE_APPLE_ROOT_CA": Self.root])
        #expect(trusted.exitCode == 0, "\(trusted.stderr)")
        #expect(trusted.stdout == "saved.jsonl:1: applied \(notification.uuid) \(user)\n")
    }

    @Test func theStoreIsFoundAsServeFindsIt() throws {
        defer { project.remove() }
        let notification = subscribed("150")
        try project.write(signer.body(notification) + "\n", to: "saved.jsonl")
        let elsewhere = project.folder.appendingPathComponent("elsewhere.sqlite").path
        let ingested = run(["customers", "ingest", "--app", "photocollage", "saved.jsonl", "--store", elsewhere,
                            "--apple-root-ca", Self.root])
        #expect(ingested.exitCode == 0, "\(ingested.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere))
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent(".tollgate").path))
        let shown = run(["customers", "show", "--app", "photocollage", user, "--environment", "sandbox"],
                        environment: ["TOLLGATE_STORE": elsewhere])
        #expect(shown.stdout.contains("  \(Self.monthly)  active until "), "\(shown.stdout)")
        let defaultStore = run(["customers", "show", "--app", "photocollage", user, "--environment", "sandbox"])
        #expect(defaultStore.stdout.contains("entitlements: none\n"))
    }

    @Test func aStoreThatCannotBeReachedStopsTheIngestWithTwo() throws {
        defer { project.remove() }
        try project.write(signer.body(subscribed("160")) + "\n", to: "saved.jsonl")
        let result = run(["customers", "ingest", "--app", "photocollage", "saved.jsonl", "--store",
                          "postgresql://127.0.0.1:1/x", "--apple-root-ca", Self.root])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: cannot reach the store postgresql://127.0.0.1:1/x"), "\(result.stderr)")
        let shown = run(["customers", "show", "--app", "photocollage", user, "--store", "postgresql://127.0.0.1:1/x"])
        #expect(shown.exitCode == 2)
        #expect(shown.stderr.hasPrefix("error: cannot reach the store postgresql://127.0.0.1:1/x"), "\(shown.stderr)")
    }

    @Test func anUnreadableRootIsAnArgumentError() throws {
        defer { project.remove() }
        try project.write(signer.body(subscribed("140")) + "\n", to: "saved.jsonl")
        let missing = run(["customers", "ingest", "--app", "photocollage", "saved.jsonl", "--apple-root-ca", "no-such.pem"])
        #expect(missing.exitCode == 2)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.hasPrefix("error: cannot read 'no-such.pem': no such file or directory"),
                "\(missing.stderr)")
        try project.write("not a certificate\n", to: "garbage.pem")
        let garbage = run(["customers", "ingest", "--app", "photocollage", "saved.jsonl", "--apple-root-ca", "garbage.pem"])
        #expect(garbage.exitCode == 2)
        #expect(garbage.stderr.hasPrefix("error: garbage.pem: "), "\(garbage.stderr)")
        #expect(garbage.stderr.contains("give a root certificate in DER or PEM"))
        let fromVariable = run(["customers", "ingest", "--app", "photocollage", "saved.jsonl"],
                               environment: ["TOLLGATE_APPLE_ROOT_CA": "no-such.pem"])
        #expect(fromVariable.exitCode == 2)
        #expect(fromVariable.stderr.contains("no-such.pem"))
    }

    @Test(arguments: [
        (["customers", "shwo", "--app", "photocollage", "u"], "unknown subcommand 'shwo'"),
        (["customers", "ingest", "--app", "photocollage"], "'customers ingest' needs one or more files"),
        (["customers", "show", "--app", "photocollage"], "'customers show' takes one customer"),
        (["customers", "forget", "--app", "photocollage", "a", "b"], "'customers forget' takes one customer"),
        (["customers", "show", "u"], "missing required option '--app <app>'"),
        (["customers", "show", "--app", "photocollage", "u", "--environment", "xcode"], "invalid value 'xcode'"),
        (["customers", "show", "--app", "photocollage", "a\u{01}b"], "invalid customer"),
        (["customers", "show", "--app", "photocolage", "u"], "no policy for app 'photocolage'"),
    ])
    func mistakesExitWithTwo(arguments: [String], message: String) {
        defer { project.remove() }
        let result = run(arguments)
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: \(message)"), "\(result.stderr)")
    }

    @Test func anUnknownSubcommandSuggestsTheClosest() {
        defer { project.remove() }
        let result = run(["customers", "shwo", "--app", "photocollage", "u"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("did you mean 'show'?"), "\(result.stderr)")
        #expect(result.stderr.contains("the subcommands are show, ingest, forget"))
    }
}
