import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `experiment-reassigns-users` against the store: `validate --db` reads the experiments of the newest
/// published version, and the warning does not stop a publish.
@Suite struct ExperimentBaselineTests {
    static let policy = "Policies/photocollage.yaml"
    static let weights = """
          paywall: { paywall: main, weight: 90 }
          holdout: { show: none, weight: 10 }
    """

    static func run(_ arguments: [String], in project: StoreProject) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: project.path))
    }

    static func publish(_ project: StoreProject) {
        let result = run(["publish", "--db", StoreProject.store, "--author", "test", "-m", "test"], in: project)
        #expect(result.exitCode == 0, "\(result.stderr)")
    }

    @Test func movedWeightsAreAWarningWithTheExactShareAndPublishingGoesOn() throws {
        let project = try StoreProject("reassign")
        defer { project.remove() }
        Self.publish(project)
        try project.edit(Self.policy, replacing: Self.weights, with: """
              paywall: { paywall: main, weight: 80 }
              holdout: { show: none, weight: 20 }
        """)
        let moved = Self.run(["validate", "--db", StoreProject.store], in: project)
        #expect(moved.exitCode == 0)
        #expect(moved.stderr.contains("""
            warning: experiment 'onboarding-paywall' keeps its seed 'onboarding-paywall' but its variants or weights \
            differ from the store store.sqlite, version 1: 10.0% of users would change variant [experiment-reassigns-users]
            """), "\(moved.stderr)")
        Self.publish(project)
        let again = Self.run(["validate", "--db", StoreProject.store], in: project)
        #expect(!again.stderr.contains("[experiment-reassigns-users]"), "\(again.stderr)")
    }

    @Test func aNewSeedReassignsEveryoneOnPurposeAndIsNotAFinding() throws {
        let project = try StoreProject("reseed")
        defer { project.remove() }
        Self.publish(project)
        try project.edit(Self.policy, replacing: Self.weights, with: """
              paywall: { paywall: main, weight: 50 }
              holdout: { show: none, weight: 50 }
        """)
        try project.edit(Self.policy, replacing: "    status: running                 # running",
                         with: "    seed: onboarding-paywall-2\n    status: running                 # running")
        let result = Self.run(["validate", "--db", StoreProject.store], in: project)
        #expect(!result.stderr.contains("[experiment-reassigns-users]"), "\(result.stderr)")
    }
}
