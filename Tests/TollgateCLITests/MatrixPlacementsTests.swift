import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate matrix --placements`: which audience of each placement each set of tiers lands in.
@Suite struct MatrixPlacementsTests {
    static let root = Fixtures.repositoryRoot().path

    static func run(_ arguments: [String]) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: root))
    }

    @Test(arguments: ["photocollage", "lingualeap"], ["markdown", "html", "csv"])
    func tableMatchesItsGolden(app: String, format: String) {
        let result = Self.run(["matrix", "--app", app, "--placements", "--format", format])
        #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let golden = Fixtures.path("cli/matrix-placements-\(app).\(format).golden")
        expectGolden(result.stdout, at: golden)
    }

    @Test func everySetOfTiersAProductCombinationGivesIsARow() {
        let csv = Self.run(["matrix", "--app", "lingualeap", "--placements", "--format", "csv"]).stdout
        let rows = csv.split(separator: "\n").dropFirst().map { $0.hasPrefix("\"") ? $0.split(separator: "\"")[0] : $0.split(separator: ",")[0] }
        #expect(rows.first == "free")
        #expect(rows.contains("free, exam-prep"))
        #expect(rows.contains("free, plus, exam-prep"))
        #expect(Set(rows).count == rows.count)
    }

    @Test func theTableSaysOtherAttributesAreTakenAsAbsent() {
        for format in ["markdown", "html"] {
            let output = Self.run(["matrix", "--app", "photocollage", "--placements", "--format", format]).stdout
            #expect(output.contains("taken as absent"), "\(format)")
        }
    }

    @Test func anAppWithoutPlacementsIsAnError() throws {
        let examples = try EditedExamples.withoutPlacements(app: "lingualeap")
        defer { examples.remove() }
        let result = Tollgate.run(["matrix", "--app", "lingualeap", "--placements"],
                                  context: CommandContext(currentDirectory: examples.folder.path))
        #expect(result == CommandResult(stderr: """
            error: app 'lingualeap' has no placements
              help: the 'placements' section is described in docs/placements.md of the Tollgate repository
            see 'tollgate matrix --help'

            """, exitCode: 2))
    }
}
