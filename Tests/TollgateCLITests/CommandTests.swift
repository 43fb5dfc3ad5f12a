import Foundation
import TestSupport
import Testing
import TollgateCLI

/// The command line's contract: commands, options, exit codes and where output goes.
@Suite struct CommandTests {
    static let root = Fixtures.repositoryRoot().path
    static let project = Fixtures.path("cli/project")

    static func run(_ arguments: [String], in folder: String = root) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: folder))
    }

    @Test func examplesHaveNoErrorsAndOnlyTheOpenAttestationWarning() {
        let result = Self.run(["validate"])
        #expect(result.exitCode == 0)
        let findings = result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        #expect(findings.count == 1)
        #expect(findings.first?.hasSuffix("[attestation-open]") == true, "\(result.stderr)")
        #expect(Self.run(["validate", "--strict"]).exitCode == 1)
    }

    @Test func findingsExitWithOneAndGoToStderrInTextFormat() {
        let result = Self.run(["validate"], in: Self.project)
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Policies/shop.yaml:20:14: error: product 'removeads' grants unknown tier 'prro' [unknown-tier]"))
        #expect(result.stderr.contains("  help: did you mean 'pro'?"))
    }

    @Test(arguments: ["text", "json", "sarif", "github", "junit", "markdown"])
    func everyFormatMatchesItsGolden(format: String) {
        let result = Self.run(["validate", "--format", format], in: Self.project)
        #expect(result.exitCode == 1)
        let output = format == "text" ? result.stderr : result.stdout
        if let mismatch = Golden.check(output, against: Fixtures.path("cli/validate.\(format).golden")) {
            Issue.record("\(mismatch)")
        }
    }

    @Test func strictFailsOnWarnings() {
        let folder = Fixtures.path("rules/product-id-prefix/bad")
        #expect(Self.run(["validate"], in: folder).exitCode == 0)
        #expect(Self.run(["validate", "--strict"], in: folder).exitCode == 1)
    }

    @Test(arguments: [
        (["validate", "no/such/path"], "no such file or directory: no/such/path"),
        (["validate", "--format", "xml"], "--format must be one of text, json, sarif, github, junit, markdown, not 'xml'"),
        (["validate", "--strcit"], "unknown option '--strcit'; did you mean '--strict'?"),
        (["valdate"], "unknown command 'valdate'; did you mean 'validate'?"),
        (["explain", "unknown-tire"], "unknown rule 'unknown-tire'; did you mean 'unknown-tier'?"),
        (["explain"], "name one rule, or use --all"),
        (["matrix"], "missing required option --app"),
        (["matrix", "--app", "photocolage"], "no policy for app 'photocolage' at Policies/photocolage.yaml; did you mean 'photocollage'?"),
        (["schema", "extra"], "schema takes no arguments"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) {
        let result = Self.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: \(message)\n"), "\(result.stderr)")
    }

    @Test(arguments: ["validate", "matrix", "explain", "schema"])
    func everyCommandHasHelp(command: String) {
        let result = Self.run([command, "--help"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("usage: tollgate \(command)"))
    }

    @Test func topLevelHelpListsEveryCommand() {
        let result = Self.run(["--help"])
        #expect(result.exitCode == 0)
        for command in ["validate", "matrix", "explain", "schema"] {
            #expect(result.stdout.contains("  \(command) "))
        }
    }

    @Test func explainDescribesARule() {
        let result = Self.run(["explain", "unknown-tier"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("unknown-tier (error, references): "))
    }

    @Test(arguments: ["photocollage", "lingualeap"], ["markdown", "csv", "html"])
    func matrixMatchesItsGolden(app: String, format: String) {
        let result = Self.run(["matrix", "--app", app, "--format", format])
        #expect(result.exitCode == 0)
        if let mismatch = Golden.check(result.stdout, against: Fixtures.path("cli/matrix-\(app).\(format).golden")) {
            Issue.record("\(mismatch)")
        }
    }

    @Test func matrixOfAnInvalidPolicyReportsItsErrors() {
        let result = Self.run(["matrix", "--app", "demo"], in: Fixtures.path("cli/broken"))
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("[unknown-key]"))
    }
}
