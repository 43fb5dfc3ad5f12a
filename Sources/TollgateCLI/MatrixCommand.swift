import Diagnostics
import Foundation
import PolicyModel
import TollgateEvaluation

/// `tollgate matrix`: the feature × tier table of one app, or its full ad-gate and tier truth table.
enum MatrixCommand {
    static let command = Tollgate.Command(
        name: "matrix",
        summary: "the feature × tier table of an app; --truth-table: every ad and tier decision",
        discussion: """
            Prints which tier unlocks which feature, and which tiers see no ads. With
            --truth-table it prints instead what the evaluator decides for every
            combination of store sync, ads consent and each product in each store state:
            the tiers held and whether ads show.
            """,
        options: [
            .value("--app", valueName: "app", help: "the app: its policy is Policies/<app>.yaml", required: true),
            .value("--format", valueName: "format", help: "the table's format", default: .value("markdown"),
                   choices: ["markdown", "html", "csv"]),
            .flag("--truth-table", help: "every ad and tier decision instead of the feature table"),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let format = try arguments.required("--format")
        let workspace = Workspace(context: context)
        let app = try arguments.required("--app")
        if arguments.has("--truth-table") {
            let compiled = try workspace.compiledApp(app)
            return CommandResult(stdout: truthTable(compiled.policy, now: context.now).render(format))
        }
        let loaded = try workspace.load(try workspace.policyFile(app: app))
        guard let policy = loaded.sources?.policy else { throw .findings(loaded.diagnostics) }
        return CommandResult(stdout: featureMatrix(policy).render(format))
    }

    /// Features down, tiers across, a mark where the tier unlocks the feature; a last row for ads.
    static func featureMatrix(_ policy: Policy) -> Table {
        let closures = policy.tiers.map { policy.closure(of: [$0.id.value]) }
        var rows = policy.features.map { feature in
            [feature.title?.value ?? feature.id.value] + closures.map { $0.contains(feature.tier.value) ? Table.yes : Table.no }
        }
        let adFree = Set(policy.tiers.filter(\.adFree).map(\.id.value))
        rows.append(["No ads"] + closures.map { $0.isDisjoint(with: adFree) ? Table.no : Table.yes })
        return Table(title: "\(policy.app.name.value): features by tier",
                     header: ["Feature"] + policy.tiers.map { $0.title?.value ?? $0.id.value }, rows: rows,
                     csvHeader: ["feature"] + policy.tiers.map(\.id.value))
    }

    /// One row per (synced, consent, entitlement): no entitlement, then each product in each state.
    static func truthTable(_ policy: CompiledPolicy, now: Date) -> Table {
        let evaluator = Evaluator(policy: policy)
        var cases: [(label: String, entitlements: [Entitlement])] = [("none", [])]
        for product in policy.bundle.products {
            for state in EntitlementState.allCases {
                cases.append(("\(product.id) \(state.rawValue)", [Entitlement(product: product.id, state: state)]))
            }
        }
        var rows: [[String]] = []
        for (label, entitlements) in cases {
            for synced in [true, false] {
                for consent in Consent.allCases {
                    let decision = evaluator.evaluate(
                        EvaluationInput(entitlements: entitlements, synced: synced, consent: consent), now: now)
                    rows.append([label, synced ? "yes" : "no", consent.rawValue, decision.tiers.joined(separator: ", "),
                                 decision.ads.enabled ? "shown" : "off", decision.ads.reason])
                }
            }
        }
        return Table(title: "\(policy.app): ad-gate and tier truth table",
                     header: ["Entitlement", "Synced", "Consent", "Tiers", "Ads", "Why"], rows: rows)
    }
}
