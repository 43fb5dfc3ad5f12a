import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate diff` on placement and experiment edits of the photocollage example.
@Suite struct DiffPlacementsTests {
    @Test(arguments: ["text", "json"])
    func placementAndExperimentChangesMatchTheirGolden(format: String) throws {
        let examples = try EditedExamples(app: "photocollage", replacing: [
            ("paywall: { paywall: main, weight: 90 }", "paywall: { paywall: main, weight: 80 }"),
            ("holdout: { show: none, weight: 10 }", "holdout: { show: none, weight: 20 }"),
            ("when: 'attributes.sessions >= 10'", "when: 'attributes.sessions >= 20'"),
            ("      - id: premium\n        when: '\"premium\" in tiers'\n        show: none\n", ""),
        ])
        defer { examples.remove() }
        let old = examples.folder.appendingPathComponent("old")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        for name in ["Policies", "Templates"] {
            try FileManager.default.copyItem(at: Fixtures.repositoryRoot().appendingPathComponent(name),
                                             to: old.appendingPathComponent(name))
        }
        let result = Tollgate.run(["diff", "old", ".", "--app", "photocollage", "--format", format],
                                  context: CommandContext(currentDirectory: examples.folder.path))
        #expect(result.exitCode == 0, "\(result.stderr)")
        expectGolden(result.stdout, at: Fixtures.path("cli/diff-placements.\(format).golden"))
    }
}
