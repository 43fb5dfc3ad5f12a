import Foundation
import PolicyDiff
import PolicyLoader
import PolicyModel
import TestSupport
import Testing

/// The diff of placements and experiments on edits of the lingualeap example, with the share of users an
/// experiment change moves.
@Suite struct PolicyDiffPlacementsTests {
    static func diff(_ replacements: [(String, String)]) throws -> [PolicyChange] {
        var edited = PolicyDiffTests.policy
        for (old, new) in replacements {
            try #require(edited.contains(old), "the example no longer holds \(old)")
            edited = edited.replacingOccurrences(of: old, with: new)
        }
        return try PolicyDiff.compare(PolicyDiffTests.sources(PolicyDiffTests.policy), PolicyDiffTests.sources(edited),
                                      from: "a", to: "b").changes
    }

    @Test func anAudienceConditionAndOutcomeChange() throws {
        let changes = try Self.diff([
            ("when: 'has(attributes.exam_in_days) && attributes.exam_in_days <= 30'\n        experiment: exam-offer",
             "when: 'has(attributes.exam_in_days) && attributes.exam_in_days <= 14'\n        paywall: exam"),
        ])
        #expect(changes == [PolicyChange(.placements, .changed, "lesson-limit/exam-takers", """
            when 'has(attributes.exam_in_days) && attributes.exam_in_days <= 30' → \
            'has(attributes.exam_in_days) && attributes.exam_in_days <= 14'; shows experiment exam-offer → paywall exam
            """)])
    }

    @Test func audiencesAddedRemovedAndReordered() throws {
        let changes = try Self.diff([
            ("""
                  - id: family
                    when: '"family" in tiers'
                    show: none
                  - id: everyone
                    paywall: main
            """, """
                  - id: everyone
                    paywall: main
                  - id: family
                    when: '"family" in tiers'
                    show: none
            """),
            ("      - id: learners\n", "      - id: offline-learners\n"),
        ])
        #expect(changes.contains(PolicyChange(.placements, .removed, "onboarding/learners", "'\"lessons.offline\" in features': nothing")))
        #expect(changes.contains(PolicyChange(.placements, .added, "onboarding/offline-learners", "'\"lessons.offline\" in features': nothing")))
        #expect(changes.contains(PolicyChange(.placements, .changed, "settings",
                                              "audience order family, everyone → everyone, family: users may land in another audience")))
    }

    @Test func placementsAddedAndRemoved() throws {
        let changes = try Self.diff([
            ("  settings:\n    audiences:\n", "  upgrade-row:\n    title: Upgrade row\n    audiences:\n"),
        ])
        #expect(changes == [
            PolicyChange(.placements, .removed, "settings", "family ('\"family\" in tiers': nothing), everyone (always: paywall main)"),
            PolicyChange(.placements, .added, "upgrade-row", "family ('\"family\" in tiers': nothing), everyone (always: paywall main)"),
        ])
    }

    @Test("the share of users who change variant", arguments: [
        // Same seed: exact, from the hash ranges each variant owns.
        ("      subscription: { paywall: main, weight: 50 }\n      exam-pass: { paywall: exam, weight: 50 }",
         "      subscription: { paywall: main, weight: 60 }\n      exam-pass: { paywall: exam, weight: 40 }",
         "variants subscription 50, exam-pass 50 → subscription 60, exam-pass 40", 0.1),
        ("status: running", "status: paused", "status running → paused", 0.5),
        ("status: running", "status: concluded\n    winner: exam-pass",
         "status running → concluded; winner none → exam-pass", 0.5),
        // A new seed draws everyone anew: 1 − Σ share², expected.
        ("seed: exam-offer-2026", "seed: exam-offer-2027",
         "seed exam-offer-2026 → exam-offer-2027: every user is assigned anew", 0.5),
        ("      exam-pass: { paywall: exam, weight: 50 }", "      exam-pass: { paywall: main, weight: 50 }",
         "variant exam-pass shows paywall exam → paywall main", 0),
    ])
    func experimentChange(old: String, new: String, summary: String, moved: Double) throws {
        let changes = try Self.diff([(old, new)])
        let change = try #require(changes.first { $0.section == .experiments }, "\(changes)")
        #expect(change.subject == "exam-offer" && change.kind == .changed)
        #expect(change.summary == summary)
        #expect(abs(try #require(change.movedShare) - moved) < 1e-6)
    }

    @Test func experimentsAddedAndRemovedAndTheTextFormat() throws {
        let changes = try Self.diff([("experiments:\n  exam-offer:", "experiments:\n  exam-offer-v2:"),
                                     ("experiment: exam-offer\n", "experiment: exam-offer-v2\n")])
        let summary = "running, seed exam-offer-2026; variants subscription (paywall main) 50, exam-pass (paywall exam) 50"
        #expect(changes.filter { $0.section == .experiments } == [
            PolicyChange(.experiments, .removed, "exam-offer", summary),
            PolicyChange(.experiments, .added, "exam-offer-v2", summary),
        ])
        let moved = [PolicyChange(.experiments, .changed, "exam-offer", "status running → paused", movedShare: 0.5),
                     PolicyChange(.experiments, .changed, "tiny", "variants a 1, b 0 → a 999999, b 1",
                                  movedShare: 0.000001)]
        #expect(PolicyDiffTextFormat().render(PolicyDiffReport(app: "lingualeap", from: "a", to: "b", changes: moved)) == """
            lingualeap: a → b
            experiments
              ~ exam-offer: status running → paused
                  users whose variant changes: 50.00%
              ~ tiny: variants a 1, b 0 → a 999999, b 1
                  users whose variant changes: under 0.01%

            """)
    }
}
