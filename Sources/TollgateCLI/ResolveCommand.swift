import Diagnostics
import Foundation
import TollgateEvaluation

/// `tollgate resolve`: which paywall, if any, one user sees at one placement, and why.
enum ResolveCommand {
    static let command = Tollgate.Command(
        name: "resolve",
        summary: "which paywall a user sees at a placement: audience, experiment, reason, trace",
        discussion: """
            Tries the placement's audiences in order for one user and prints the decision:
            the paywall shown (or none), the audience that matched, the experiment, variant
            and bucket when one split users, the reason, and a trace line for every
            audience tried. The input is eval's plus the user's context (described in
            docs/placements.md of the Tollgate repository):

              { "entitlements": [], "synced": true, "consent": "granted",
                "user_id": "u-123", "storefront": "JPN", "app_version": "2.4.1",
                "install_date": "2026-11-25T08:00:00Z", "attributes": { "beta": true } }
            """,
        options: [
            .value(.app, valueName: "app", help: "the app: its policy is Policies/<app>.yaml", required: true),
            .value(.placement, valueName: "placement", help: "the placement's id", required: true),
            .value(.input, valueName: "file", help: "the context as JSON; '-' reads stdin", required: true),
            .format(DecisionFormat.json, help: "the decision's format"),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let format: DecisionFormat = try arguments.format()
        let workspace = Workspace(context: context)
        let app = try arguments.required(.app)
        let compiled = try workspace.compiledApp(app)
        let placement = try arguments.required(.placement)
        let input = try workspace.evaluationInput(try arguments.required(.input))
        guard let (decision, trace) = Evaluator(policy: compiled.policy)
            .resolveExplained(placement: placement, context: input, now: context.now)
        else {
            let known = compiled.policy.bundle.placements.map(\.id)
            throw .badArgument("unknown placement '\(placement)' in app '\(app)'",
                               help: known.isEmpty ? "the app has no placements"
                                   : Suggestion.help(for: placement, among: known, listing: "the placements are"))
        }
        let json = decision.json(app: compiled.policy.app, policy: compiled.policy.hash, trace: trace)
        let output = format == .text ? text(decision, trace: trace, policy: compiled.policy) : pretty(json)
        return CommandResult(stdout: output)
    }

    /// The decision's JSON laid out as `tollgate eval` lays out its own: indented, keys sorted.
    static func pretty(_ json: [UInt8]) -> String {
        do {
            let object = try JSONSerialization.jsonObject(with: Data(json))
            let data = try JSONSerialization.data(withJSONObject: object,
                                                  options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            preconditionFailure("the decision's own JSON always reads back: \(error)")
        }
    }

    /// The decision for people: what shows, who the user was taken for, why, and the trace.
    static func text(_ decision: PlacementDecision, trace: [String], policy: CompiledPolicy) -> String {
        var text = "\(policy.app) at \(decision.placement) (\(policy.hash.prefix(19))…)\n"
        text += "paywall:    \(decision.paywall ?? "none")\n"
        text += "audience:   \(decision.audience ?? "none matched")\n"
        if let experiment = decision.experiment, let variant = decision.variant {
            let total = policy.bundle.experiments.first { $0.id == experiment }?.variants
                .reduce(UInt64(0)) { $0 + UInt64($1.weight) } ?? 0
            let bucket = decision.bucket.map { ", bucket \($0) of \(total)" } ?? ""
            text += "experiment: \(experiment), variant \(variant)\(bucket)\n"
        }
        text += "reason:     \(decision.reason.rawValue) — \(explanation(decision, policy: policy))\n"
        text += "trace:\n" + trace.map { "  \($0)\n" }.joined()
        return text
    }

    /// What the reason means for this decision, in words.
    static func explanation(_ decision: PlacementDecision, policy: CompiledPolicy) -> String {
        switch decision.reason {
        case .targetingMatch:
            return decision.show ? "the audience shows this paywall" : "the audience shows nothing"
        case .split:
            return "the running experiment assigned the variant by the user's bucket"
        case .fixed:
            let status = policy.bundle.experiments.first { $0.id == decision.experiment }?.status
            return status == .concluded ? "the experiment is concluded: everyone gets its winner"
                : "the experiment is paused: everyone gets its first variant"
        case .fallback:
            return decision.experiment == nil ? "no audience matched, so nothing shows"
                : "no user_id to bucket by, so the experiment's first variant"
        }
    }
}
