import Diagnostics
import Foundation
import PolicyModel
import Project
import TollgateEvaluation

/// `tollgate matrix`: the feature × tier table of one app, its full ad-gate and tier truth table, or which audience
/// of each placement each set of tiers lands in.
enum MatrixCommand {
    static let command = Tollgate.Command(
        name: "matrix",
        summary: "the feature × tier table of an app; every ad and tier decision; placements by tiers",
        discussion: """
            Prints which tier unlocks which feature, and which tiers see no ads. With
            --truth-table it prints instead what the evaluator decides for every
            combination of store sync, ads consent and each product in each store state:
            the tiers held and whether ads show. With --placements it prints, for every
            set of tiers some combination of products gives and every placement, the
            audience the user lands in and what it shows, with the store synced, ads
            consent granted and every other attribute absent.
            """,
        options: [
            .value(.app, valueName: "app", help: "the app: its policy is Policies/<app>.yaml", required: true),
            .format(TableFormat.markdown, help: "the table's format"),
            .flag(.truthTable, help: "every ad and tier decision instead of the feature table"),
            .flag(.placements, help: "each placement's audience for each set of tiers instead of the feature table"),
        ],
        groups: [.exclusive(.truthTable, .placements)],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let format: TableFormat = try arguments.format()
        let workspace = Workspace(context: context)
        let app = try arguments.required(.app)
        if arguments.has(.truthTable) {
            let compiled = try workspace.compiledApp(app)
            return CommandResult(stdout: truthTable(compiled.policy, now: context.now).render(format))
        }
        if arguments.has(.placements) {
            let compiled = try workspace.compiledApp(app)
            guard !compiled.policy.bundle.placements.isEmpty else {
                throw .badArgument("app '\(app)' has no placements",
                                   help: "the 'placements' section is described in docs/placements.md of the Tollgate repository")
            }
            return CommandResult(stdout: placementTable(compiled.policy, now: context.now).render(format))
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

    /// Said under the placement table: what the users of its rows are assumed to be.
    static let placementNote = "Each row is a user holding these tiers, the store synced and ads consent granted; "
        + "conditions on any other attribute (user_id, storefront, app_version, attributes.…) are taken as absent, "
        + "so an experiment shows as its name."

    /// Placements across, one row per set of tiers that some combination of active products gives; a cell is
    /// the audience that matches and what it shows.
    static func placementTable(_ policy: CompiledPolicy, now: Date) -> Table {
        let evaluator = Evaluator(policy: policy)
        let placements = policy.bundle.placements.map(\.id)
        var rows: [[String]] = []
        for products in tierCombinations(policy, evaluator: evaluator, now: now) {
            let input = EvaluationInput(entitlements: products.map { Entitlement(product: $0) }, synced: true,
                                        consent: .granted)
            let tiers = evaluator.access(input.entitlements, synced: true, consent: .granted, now: now).tierIDs
            rows.append([tiers.joined(separator: ", ")] + placements.map { placement in
                guard let decision = evaluator.resolve(placement: placement, context: input, now: now) else { return "" }
                return cell(decision)
            })
        }
        return Table(title: "\(policy.app): placements by tiers", header: ["Tiers"] + placements, rows: rows,
                     csvHeader: ["tiers"] + placements, note: placementNote)
    }

    /// What a placement does for a user: `audience: paywall main`, `audience: nothing`, `audience: experiment e`.
    private static func cell(_ decision: PlacementDecision) -> String {
        guard let audience = decision.audience else { return "no audience: nothing" }
        if let experiment = decision.experiment { return "\(audience): experiment \(experiment)" }
        return "\(audience): " + (decision.paywall.map { "paywall \($0)" } ?? "nothing")
    }

    /// One set of products for each distinct set of tiers the products can give together, fewest tiers first:
    /// no product, then unions with one more product until no union gives a new set.
    static func tierCombinations(_ policy: CompiledPolicy, evaluator: Evaluator, now: Date) -> [[String]] {
        let tiers = { (products: [String]) in
            evaluator.access(products.map { Entitlement(product: $0) }, synced: true, consent: .granted, now: now).tierIDs
        }
        var found: [[String]: [String]] = [tiers([]): []]
        var order: [[String]] = [tiers([])]
        var pending = [[String]()]
        while let products = pending.popLast() {
            for product in policy.bundle.products.map(\.id) where !products.contains(product) {
                let more = products + [product]
                let held = tiers(more)
                guard found[held] == nil else { continue }
                found[held] = more
                order.append(held)
                pending.append(more)
            }
        }
        return order.enumerated().sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }
            .compactMap { found[$0.element] }
    }
}
