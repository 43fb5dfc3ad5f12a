import Foundation
import TestSupport
import Testing
import TollgateCLI

/// Bad input peculiar to a PostgreSQL store, in-process: a server that is not there, a database without a store or
/// that does not exist, an unknown role, a wrong password, a store it cannot use, and a URL with a password, which
/// no message may print.
@Suite(.tags(.postgres)) struct PostgresInputTests {
    static let password = "secret-7f3a"

    /// The store commands, each with what it needs besides `--store`.
    static let commands: [[String]] = [
        ["history"],
        ["publish", "--author", "tester"],
        ["rollback", "--app", "photocollage", "--to", "1", "--author", "tester"],
        ["diff", "1", "2", "--app", "photocollage"],
        ["validate"],
    ]

    static func run(_ arguments: [String], in project: StoreProject) -> CommandResult {
        StoreCommandTests.run(arguments, in: project)
    }

    /// `url` with its user and password replaced.
    static func url(_ url: String, user: String, password: String?) throws -> String {
        var components = try #require(URLComponents(string: url), "\(url)")
        components.user = user
        components.password = password
        return try #require(components.string)
    }

    /// Checks that a command failed with exit 2 and one line on stderr, printing no password.
    static func expectOneLineFailure(_ result: CommandResult, _ command: [String],
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.exitCode == 2, "\(command): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(command): \(result.stdout)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("error: "), "\(command): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(command), one line: \(result.stderr)",
                sourceLocation: sourceLocation)
        #expect(!result.stderr.contains(password), "\(command) printed the password: \(result.stderr)",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: commands)
    func anUnreachableServerIsOneLineThatHidesThePassword(command: [String]) throws {
        let project = try StoreProject("unreachable")
        defer { project.remove() }
        let store = "postgresql://u:\(Self.password)@127.0.0.1:1/db"
        let result = Self.run(command + ["--store", store], in: project)
        Self.expectOneLineFailure(result, command)
        #expect(result.stderr.contains("127.0.0.1"), "names the server: \(result.stderr)")
        #expect(result.stderr.contains("postgresql://u@127.0.0.1:1/db"), "names the store: \(result.stderr)")
    }

    @Test(arguments: [
        ["history"],
        ["diff", "1", "2", "--app", "photocollage"],
        ["rollback", "--app", "photocollage", "--to", "1", "--author", "tester"],
    ])
    func aDatabaseWithoutAStoreSaysToPublishFirstAndGetsNothingCreated(command: [String]) throws {
        let project = try StoreProject("no-store", backend: .postgres)
        defer { project.remove() }
        let database = try #require(project.database)
        try database.execute("CREATE TABLE customers (id integer PRIMARY KEY, name text)")
        let before = try database.objects()
        let result = Self.run(command + ["--store", project.store], in: project)
        Self.expectOneLineFailure(result, command)
        #expect(result.stderr.contains("publish a policy first ('tollgate publish')"), "\(result.stderr)")
        #expect(try database.objects() == before, "nothing was created in the database")
    }

    @Test func aFirstPublishCreatesTheStoreInAnEmptyDatabase() throws {
        let project = try StoreProject("first-publish", backend: .postgres)
        defer { project.remove() }
        let database = try #require(project.database)
        #expect(try database.objects() == "")
        let publish = Self.run(["publish", "--store", project.store, "--author", "tester"], in: project)
        #expect(publish.exitCode == 0, "\(publish.stderr)")
        #expect(try database.objects() != "")
        let history = Self.run(["history", "--store", project.store], in: project)
        #expect(history.exitCode == 0, "\(history.stderr)")
        #expect(Self.lines(history.stdout).count == 3, "a header and two apps: \(history.stdout)")
    }

    @Test(arguments: commands)
    func aDatabaseThatDoesNotExistIsOneLineAndIsNotCreated(command: [String]) throws {
        let project = try StoreProject("no-database", backend: .postgres)
        defer { project.remove() }
        let database = try #require(project.database)
        let missing = database.name + "_missing"
        let store = try Self.url(database.url.replacingOccurrences(of: database.name, with: missing),
                                 user: "postgres", password: Self.password)
        let result = Self.run(command + ["--store", store], in: project)
        Self.expectOneLineFailure(result, command)
        #expect(result.stderr.contains(missing), "names the database: \(result.stderr)")
        #expect(try database.execute("SELECT count(*) FROM pg_database WHERE datname = '\(missing)'") == "0")
    }

    @Test(arguments: commands)
    func aWrongPasswordIsOneLineThatHidesIt(command: [String]) throws {
        let project = try StoreProject("wrong-password")
        defer { project.remove() }
        let server = try PasswordRefusingServer()
        defer { server.stop() }
        let store = "postgresql://tester:\(Self.password)@127.0.0.1:\(server.port)/tollgate"
        let result = Self.run(command + ["--store", store], in: project)
        Self.expectOneLineFailure(result, command)
        #expect(result.stderr.contains("password authentication failed for user \"tester\""), "\(result.stderr)")
        #expect(result.stderr.contains("postgresql://tester@127.0.0.1:\(server.port)/tollgate"), "\(result.stderr)")
    }

    @Test(arguments: commands)
    func anUnknownRoleIsOneLineThatHidesThePassword(command: [String]) throws {
        let project = try StoreProject("unknown-role", backend: .postgres)
        defer { project.remove() }
        let database = try #require(project.database)
        let store = try Self.url(database.url, user: "no_such_role", password: Self.password)
        let result = Self.run(command + ["--store", store], in: project)
        Self.expectOneLineFailure(result, command)
        #expect(result.stderr.contains("no_such_role"), "names the role: \(result.stderr)")
        #expect(try database.objects() == "", "nothing was created in the database")
    }

    static let newerSchema = "INSERT INTO tollgate_migrations (version) VALUES (99)"
    static let newerSchemaMessage =
        "the store was written by a newer tollgate (schema 99; this one knows up to 8); nothing was changed"

    /// A store whose schema a newer tollgate migrated, or whose table someone dropped, is refused in one line and
    /// left as it was.
    @Test(arguments: [
        (newerSchema, newerSchemaMessage, ["publish", "--author", "tester"]),
        (newerSchema, newerSchemaMessage, ["history"]),
        (newerSchema, newerSchemaMessage, ["rollback", "--app", "photocollage", "--to", "1", "--author", "tester"]),
        ("DROP TABLE snapshot_files CASCADE", "snapshot_files", ["publish", "--author", "tester"]),
    ])
    func aStoreItCannotUseIsRefusedAndLeftAsItWas(damage: String, message: String, command: [String]) throws {
        let project = try StoreProject("damaged", backend: .postgres)
        defer { project.remove() }
        let database = try #require(project.database)
        let publish = Self.run(["publish", "--store", project.store, "--author", "tester"], in: project)
        #expect(publish.exitCode == 0, "\(publish.stderr)")
        try database.execute(damage)
        try project.setRemoveAdsPrice("3.49")
        let audit = "SELECT string_agg(id || ' ' || app || ' ' || action, ',' ORDER BY id) FROM audit"
        let before = try database.execute(audit)
        let result = Self.run(command + ["--store", project.store], in: project)
        Self.expectOneLineFailure(result, command)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try database.execute(audit) == before, "nothing was written")
    }

    /// The test cluster trusts local connections, so the password is accepted and ignored: every command works,
    /// and none prints it, not even where a message names the store.
    @Test func aPasswordInTheURLIsNeverPrinted() throws {
        let project = try StoreProject("password", backend: .postgres)
        defer { project.remove() }
        let database = try #require(project.database)
        let store = try Self.url(database.url, user: "postgres", password: Self.password)
        let shown = try Self.url(database.url, user: "postgres", password: nil)
        var results: [CommandResult] = []
        func run(_ arguments: [String]) -> CommandResult {
            let result = Self.run(arguments + ["--store", store], in: project)
            results.append(result)
            return result
        }
        #expect(run(["publish", "--author", "tester", "-m", "first"]).exitCode == 0)
        try StoreCommandTests.changeCoinsToNonConsumable(in: project)
        let validate = run(["validate"])
        #expect(validate.exitCode == 1)
        #expect(validate.stderr.contains("(the store \(shown), version 1)"), "\(validate.stderr)")
        let publish = run(["publish", "--author", "tester"])
        #expect(publish.exitCode == 1)
        #expect(publish.stderr.contains("(the store \(shown), version 1)"), "\(publish.stderr)")
        #expect(run(["history"]).exitCode == 0)
        #expect(run(["history", "--format", "json"]).exitCode == 0)
        #expect(run(["rollback", "--app", "photocollage", "--to", "9", "--author", "tester"]).exitCode == 2)
        #expect(run(["diff", "1", "9", "--app", "photocollage"]).exitCode == 2)
        #expect(run(["diff", "1", "Policies/photocollage.yaml"]).exitCode == 0)
        for result in results {
            #expect(!(result.stdout + result.stderr).contains(Self.password), "\(result)")
        }
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }
}
