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
        expectGolden(output, at: Fixtures.path("cli/validate.\(format).golden"))
    }

    @Test func strictFailsOnWarnings() {
        let folder = Fixtures.path("rules/product-id-prefix/bad")
        #expect(Self.run(["validate"], in: folder).exitCode == 0)
        #expect(Self.run(["validate", "--strict"], in: folder).exitCode == 1)
    }

    @Test(arguments: [
        (["validate", "no/such/path"], "cannot read 'no/such/path': no such file or directory"),
        (["validate", "--format", "xml"], "invalid value 'xml' for '--format <format>'"),
        (["validate", "--strcit"], "unknown option '--strcit'"),
        (["valdate"], "unknown command 'valdate'"),
        (["explain", "unknown-tire"], "unknown rule 'unknown-tire'"),
        (["explain"], "missing argument '<rule>'"),
        (["matrix"], "missing required option '--app <app>'"),
        (["matrix", "--app", "photocolage"], "no policy for app 'photocolage' at Policies/photocolage.yaml"),
        (["schema", "extra"], "unexpected argument 'extra'"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) {
        let result = Self.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: \(message)\n"), "\(result.stderr)")
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
        expectGolden(result.stdout, at: Fixtures.path("cli/matrix-\(app).\(format).golden"))
    }

    @Test func matrixOfAnInvalidPolicyReportsItsErrors() {
        let result = Self.run(["matrix", "--app", "demo"], in: Fixtures.path("cli/broken"))
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("[unknown-key]"))
    }
}
