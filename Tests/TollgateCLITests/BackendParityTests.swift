import Foundation
import TestSupport
import Testing
import TollgateCLI

/// One session of store commands run on each backend prints the same, byte for byte, once the store's name is
/// replaced by `<store>`: same outputs, findings, messages and exit codes.
@Suite(.tags(.postgres)) struct BackendParityTests {
    /// What one command printed and how it ended, with the store's name replaced.
    struct Step: Equatable, CustomStringConvertible {
        var command: String
        var exitCode: Int32
        var stdout: String
        var stderr: String

        var description: String { "$ \(command)\n[exit \(exitCode)]\n\(stdout)\(stderr)" }
    }

    /// Runs the session on a new project on `backend` and returns every command's step.
    static func session(_ backend: StoreBackend) throws -> [Step] {
        let project = try StoreProject("parity", backend: backend)
        defer { project.remove() }
        var steps: [Step] = []
        @discardableResult
        func run(_ arguments: [String]) -> CommandResult {
            let result = StoreCommandTests.run(arguments + ["--store", project.store], in: project)
            let names = [project.storePath, project.store].sorted { $0.count > $1.count }
            let hide = { (text: String) in names.reduce(text) { $0.replacingOccurrences(of: $1, with: "<store>") } }
            steps.append(Step(command: arguments.joined(separator: " "), exitCode: result.exitCode,
                              stdout: hide(result.stdout), stderr: hide(result.stderr)))
            return result
        }
        let publish = ["publish", "--author", "tester"]
        let rollback = ["rollback", "--app", "photocollage", "--author", "tester", "--to"]

        run(["history"])
        run(["diff", "1", "2", "--app", "photocollage"])
        run(rollback + ["1"])
        run(publish + ["-m", "first"])
        run(publish + ["-m", "again"])
        try project.setRemoveAdsPrice("3.49")
        run(publish + ["--app", "photocollage", "-m", "second"])
        run(publish + ["--app", "photocollage", "--channel", "staging"])
        run(["history"])
        run(["history", "--format", "json"])
        run(["history", "--app", "photocollage", "--channel", "production"])
        let history = try StoreCommandTests.history(project, ["--app", "photocollage"])
        let second = try #require(history.first?["hash"] as? String)
        run(rollback + ["1"])
        run(rollback + ["1"])
        run(rollback + [String(second.dropFirst(7).prefix(8))])
        for reference in ["sha256:", "7", "zz", second.uppercased()] { run(rollback + [reference]) }
        run(["rollback", "--app", "photocolage", "--author", "tester", "--to", "1"])
        run(["diff", "1", "2", "--app", "photocollage"])
        run(["diff", "1", "2", "--app", "photocollage", "--format", "json"])
        run(["diff", "1", "Policies/photocollage.yaml"])
        run(["diff", "1", "2"])
        run(["diff", "1", "9", "--app", "photocollage"])

        let original = try project.read("Policies/photocollage.yaml")
        try StoreCommandTests.changeCoinsToNonConsumable(in: project)
        run(["validate"])
        run(["validate", "--format", "json"])
        run(publish)
        try project.write(original, to: "Policies/photocollage.yaml")
        try StoreCommandTests.addBonus(to: project)
        run(publish + ["--app", "photocollage", "-m", "bonus"])
        try project.write(original, to: "Policies/photocollage.yaml")
        try project.setRemoveAdsPrice("3.99", from: "3.49")
        run(publish + ["--app", "photocollage", "-m", "no bonus"])
        try StoreCommandTests.addBonus(to: project)
        run(["validate"])
        run(publish + ["--app", "photocollage", "-m", "bonus again"])
        run(["history", "--format", "json"])
        return steps
    }

    @Test func aSessionPrintsTheSameOnBothBackends() throws {
        let sqlite = try Self.session(.sqlite)
        let postgres = try Self.session(.postgres)
        #expect(sqlite.count == postgres.count)
        for (file, database) in zip(sqlite, postgres) where file != database {
            Issue.record("the backends differ:\n--- sqlite\n\(file)\n--- postgres\n\(database)")
        }
        #expect(sqlite.contains { $0.stderr.contains("[product-type-changed]") })
        #expect(sqlite.contains { $0.stderr.contains("[product-id-reused]") })
    }
}
