import Foundation
import PolicyDiff
import PolicyLoader
import PolicyModel
import TestSupport
import Testing

/// The semantic diff on edits of the lingualeap example: each change says what it does to whom.
@Suite struct PolicyDiffTests {
    static let policy = (try? String(contentsOfFile: Fixtures.repositoryRoot().appendingPathComponent(
        "Policies/lingualeap.yaml").path, encoding: .utf8)) ?? ""

    static func sources(_ text: String, templates: [String] = []) throws -> AppSources {
        let loaded = PolicyLoader.load(Array(text.utf8), file: "Policies/lingualeap.yaml")
        let policy = try #require(loaded.value, "\(loaded.diagnostics)")
        let sets = try templates.map { text in try #require(TemplateLoader.load(Array(text.utf8), file: "t.yaml").value) }
        return AppSources(policy: policy, templates: sets, unreadableLocales: [], templateDirectory: "Templates/lingualeap")
    }

    static func diff(_ edit: (String) -> String) throws -> [PolicyChange] {
        try PolicyDiff.compare(sources(policy), sources(edit(policy)), from: "a", to: "b").changes
    }

    @Test func identicalPoliciesHaveNoChanges() throws {
        #expect(try Self.diff { $0 }.isEmpty)
        let text = PolicyDiffTextFormat().render(PolicyDiffReport(app: "lingualeap", from: "a", to: "b", changes: []))
        #expect(text == "lingualeap: a → b\nno changes\n")
    }

    @Test func aFeatureMovingDownATierIsGainedByTheBuyersOfTheLowerTier() throws {
        let changes = try Self.diff {
            $0.replacingOccurrences(of: "conversation.ai:     { title: AI conversation practice,  tier: pro }",
                                    with: "conversation.ai:     { title: AI conversation practice,  tier: plus }")
        }
        let change = try #require(changes.first { $0.subject == "conversation.ai" })
        #expect(change.section == .features && change.kind == .changed)
        #expect(change.summary == "moves from tier pro to plus")
        #expect(change.gainedBy == ["com.example.lingualeap.plus.yearly", "com.example.lingualeap.plus.monthly"])
        #expect(change.lostBy.isEmpty)
    }

    @Test func aFeatureMovingUpIsLostByThoseNoLongerCovered() throws {
        let changes = try Self.diff {
            $0.replacingOccurrences(of: "lessons.offline:     { title: Offline lessons,           tier: plus }",
                                    with: "lessons.offline:     { title: Offline lessons,           tier: family }")
        }
        let change = try #require(changes.first { $0.subject == "lessons.offline" })
        #expect(change.lostBy.contains("com.example.lingualeap.plus.monthly"))
        #expect(change.lostBy.contains("com.example.lingualeap.pro.yearly"))
        #expect(!change.lostBy.contains("com.example.lingualeap.family.yearly"))
    }

    @Test func productsAddedRemovedAndChangedWithWhatTheirBuyersGainOrLose() throws {
        let changes = try Self.diff {
            $0.replacingOccurrences(of: "    grants: [exam-prep]\n", with: "    grants: [pro]\n")
                .replacingOccurrences(of: "com.example.lingualeap.reviews.5", with: "com.example.lingualeap.reviews.10")
        }
        let exam = try #require(changes.first { $0.subject == "com.example.lingualeap.exam.pass" })
        #expect(exam.kind == .changed)
        #expect(exam.summary.hasPrefix("grants exam-prep → pro; its buyers gain lessons.offline, grammar.tips"))
        #expect(changes.contains { $0.kind == .removed && $0.subject == "com.example.lingualeap.reviews.5" })
        #expect(changes.contains { $0.kind == .added && $0.subject == "com.example.lingualeap.reviews.10"
            && $0.summary == "consumable, grants none" })
    }

    @Test func adRulesAndEntitlementStatesAreReported() throws {
        let changes = try Self.diff {
            $0.replacingOccurrences(of: "hide_until_synced: true", with: "hide_until_synced: false")
                .replacingOccurrences(of: "  billing_retry: deny", with: "  billing_retry: grant")
                .replacingOccurrences(of: "    rewarded.streak-repair:       { format: rewarded }\n", with: "")
        }
        #expect(changes.contains { $0.section == .ads && $0.subject == "hide_until_synced"
            && $0.summary == "true → false: ads may show while the store loads" })
        #expect(changes.contains { $0.section == .ads && $0.kind == .removed && $0.subject == "rewarded.streak-repair" })
        #expect(changes.contains { $0.section == .entitlements && $0.subject == "billing_retry" && $0.summary == "deny → grant" })
    }

    @Test func templateMessagesChangedPerLocale() throws {
        let template = """
            format: tollgate-templates/v1
            locale: de
            paywalls:
              main:
                title: Schneller lernen
            """
        let report = PolicyDiff.compare(
            try Self.sources(Self.policy, templates: [template]),
            try Self.sources(Self.policy, templates: [template.replacingOccurrences(of: "Schneller", with: "Besser")]),
            from: "version 1", to: "version 2")
        #expect(report.changes == [PolicyChange(.templates, .changed, "de: 'title' of paywall 'main'",
                                                "\"Schneller lernen\" → \"Besser lernen\"")])
        #expect(PolicyDiffTextFormat().render(report).contains("templates\n  ~ de: 'title' of paywall 'main'"))
    }
}
