import Foundation

/// A PostgreSQL database of one test's own, created in the throwaway cluster that `make test` starts
/// (`scripts/postgres.sh`) and whose URL it puts in `TOLLGATE_TEST_POSTGRES`; `drop()` removes it.
///
/// Created and dropped with `psql`, PostgreSQL's own client, so the tests do not lean on the code they test.
package struct TestDatabase: Sendable {
    /// The variable holding the cluster's URL.
    package static let environmentVariable = "TOLLGATE_TEST_POSTGRES"

    /// The database's URL, for `--store` or `StoreLocation`.
    package let url: String
    /// The database's name in the cluster.
    package let name: String
    /// The cluster's own database URL, from which this one was created.
    private let server: String

    /// A new, empty database named after `label` and a random suffix; a missing cluster is a failure that
    /// says how to start one.
    package static func create(_ label: String = "test") throws -> TestDatabase {
        let server = try serverURL()
        let safe = label.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.prefix(30)
        let name = "t_\(String(safe))_\(UUID().uuidString.prefix(8).lowercased())"
        try psql(server, "CREATE DATABASE \(name)")
        return TestDatabase(url: replacingDatabase(of: server, with: name), name: name, server: server)
    }

    /// Drops the database, closing whatever sessions are still connected to it.
    package func drop() {
        _ = try? Self.psql(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs one SQL command on the database (to inspect or damage it in a test); returns what `psql -tA` prints.
    @discardableResult
    package func execute(_ sql: String) throws -> String {
        try Self.psql(url, sql)
    }

    /// The cluster's URL, or a failure naming the fix.
    package static func serverURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment[environmentVariable], !url.isEmpty else {
            throw ChildProcess.Failure(description: """
                no PostgreSQL for the tests: \(environmentVariable) is not set. Run the tests with 'make test', \
                or start the throwaway cluster and export its URL: \
                export \(environmentVariable)="$(scripts/postgres.sh start)"
                """)
        }
        return url
    }

    /// `url` with its database name replaced by `name` (the path after the authority).
    static func replacingDatabase(of url: String, with name: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let query = rest[authorityEnd...].firstIndex(of: "?").map { String(rest[$0...]) } ?? ""
        return String(url[..<authorityEnd]) + "/" + name + query
    }

    /// Runs `sql` with `psql` against `url`; a failure carries psql's message.
    @discardableResult
    private static func psql(_ url: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-c", sql]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ChildProcess.Failure(description: "cannot run psql (Debian: postgresql-client): \(error)")
        }
        // psql's answers here are small; reading both pipes to their end before waiting cannot block it.
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ChildProcess.Failure(description: """
                psql failed on \(environmentVariable)'s cluster (is it running? scripts/postgres.sh start): \
                \(complaint.trimmingCharacters(in: .whitespacesAndNewlines))
                """)
        }
        return printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
