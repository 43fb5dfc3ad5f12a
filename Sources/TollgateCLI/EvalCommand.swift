import Diagnostics
import Foundation
import TollgateEvaluation

/// `tollgate eval`: which features an entitlement set unlocks, and whether ads may show.
enum EvalCommand {
    static let command = Tollgate.Command(
        name: "eval",
        summary: "evaluate an entitlement set: features, ads, upsell, reasons",
        discussion: """
            Evaluates Policies/<app>.yaml for one user and prints the decision: the tiers
            held, each feature locked or unlocked and why, whether ads show, and which
            products would unlock each locked feature. --products is the quick form: each
            product active, the store synced, ads consent granted, now. --input gives the
            whole input (described in docs/evaluation.md of the Tollgate repository):

              { "entitlements": [{ "product": …, "state": …, "expires": … }],
                "synced": true, "consent": "granted", "now": "2026-11-29T12:00:00Z" }
            """,
        options: [
            .value(.app, valueName: "app", help: "the app: its policy is Policies/<app>.yaml", required: true),
            .value(.products, valueName: "ids", help: """
                products by id, by the short name the text format prints (the id without the bundle id) or by the \
                end of the id after a dot when only one id ends so; comma-separated
                """, repeatable: true),
            .value(.input, valueName: "file", help: "the evaluation input as JSON; '-' reads stdin"),
            .value(.currency, valueName: "code", help: "order upsell offers by prices in this currency",
                   default: .described("the input's, else USD if the policy prices in it, else its first currency "
                                           + "by code")),
            .format(DecisionFormat.json, help: "the decision's format"),
        ],
        groups: [.oneOf(.products, .input)],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let format: DecisionFormat = try arguments.format()
        let workspace = Workspace(context: context)
        let compiled = try workspace.compiledApp(try arguments.required(.app))
        var input = try self.input(arguments, policy: compiled.policy, workspace: workspace)
        input.currency = arguments[.currency] ?? input.currency
        let decision = Evaluator(policy: compiled.policy).evaluate(input, now: context.now)
        let order = compiled.policy.bundle.features.map(\.id)
        let output = format == .text
            ? text(decision, order: order) : decision.prettyJSON() + "\n"
        return CommandResult(stdout: output)
    }

    /// The input `--input` reads, or the one `--products` describes; exactly one of them is given.
    private static func input(_ arguments: Arguments, policy: CompiledPolicy, workspace: Workspace) throws(CommandError)
        -> EvaluationInput
    {
        guard let file = arguments[.input] else {
            let names = arguments.all(.products).flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            var entitlements: [Entitlement] = []
            for name in names {
                entitlements.append(Entitlement(product: try product(named: name, in: policy)))
            }
            return EvaluationInput(entitlements: entitlements, synced: true, consent: .granted)
        }
        return try workspace.evaluationInput(file)
    }

    /// The id of the product `name` means: the product with that id; else the one whose short name (the id without
    /// the bundle id, as the text format prints it) it is; else the only one whose id ends with `.` and `name`.
    static func product(named name: String, in policy: CompiledPolicy) throws(CommandError) -> String {
        let ids = policy.bundle.products.map(\.id)
        let names = policy.productNames
        if ids.contains(name) { return name }
        if let index = names.firstIndex(of: name) { return ids[index] }
        let matches = ids.indices.filter { ids[$0].hasSuffix("." + name) }
        if matches.count == 1 { return ids[matches[0]] }
        guard matches.isEmpty else {
            throw .badArgument("product name '\(name)' is ambiguous",
                           help: "it could be " + matches.map { "'\(names[$0])'" }.joined(separator: ", "))
        }
        let closest = Suggestion.closest(to: name, in: names + ids).map { "did you mean '\($0)'? " } ?? ""
        throw .badArgument("unknown product '\(name)'",
                       help: closest + "the products are " + names.joined(separator: ", "))
    }

    /// A readable table of features, in the policy's order, with their lock state and reason.
    static func text(_ decision: Decision, order ids: [String]) -> String {
        let width = max(7, ids.map(\.count).max() ?? 0)
        var text = "\(decision.app) (\(decision.policy.prefix(19))…)\n"
        text += "tiers: \(decision.tiers.joined(separator: ", "))\n"
        text += "ads:   \(decision.ads.enabled ? "shown" : "off") — \(decision.ads.reason)\n\n"
        text += "feature".padding(toLength: width, withPad: " ", startingAt: 0) + "  state     reason\n"
        for id in ids {
            let state = decision.features[id] == true ? "unlocked" : "locked  "
            text += id.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(state)  \(decision.explain[id] ?? "")\n"
        }
        for warning in decision.warnings { text += "warning: \(warning)\n" }
        return text
    }
}
