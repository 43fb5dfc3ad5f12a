import Foundation
import TollgateEvaluation

/// `tollgate eval`: which features an entitlement set unlocks, and whether ads may show.
enum EvalCommand {
    static let command = Tollgate.Command(
        name: "eval",
        summary: "evaluate an entitlement set: features, ads, upsell, reasons",
        usage: """
            usage: tollgate eval --app APP (--products IDS | --input FILE|-) [--currency CODE] [--format json|text]

            --products id,id   each product active, store synced, ads consent granted, now
            --input FILE       the evaluation input, see docs/evaluation.md ('-' reads stdin):
                               { "entitlements": [{ "product": …, "state": …, "expires": … }],
                                 "synced": true, "consent": "granted", "now": "2026-11-29T12:00:00Z" }
            --currency CODE    order upsell offers by prices in CODE (default USD)

            """,
        run: run)

    static func run(_ arguments: [String], _ context: CommandContext) throws(CommandError) -> CommandResult {
        let arguments = try Arguments(arguments, options: ["--app", "--products", "--input", "--currency", "--format"],
                                      flags: [])
        let format = try arguments.choice("--format", ["json", "text"], default: "json")
        let workspace = Workspace(context: context)
        var input = try self.input(arguments, workspace: workspace)
        input.currency = arguments["--currency"] ?? input.currency
        let compiled = try workspace.compiledApp(try arguments.required("--app"))
        let decision = Evaluator(policy: compiled.policy).evaluate(input, now: context.now)
        let order = compiled.policy.bundle.features.map(\.id)
        let output = format == "text"
            ? text(decision, order: order) : decision.prettyJSON() + "\n"
        return CommandResult(stdout: output)
    }

    private static func input(_ arguments: Arguments, workspace: Workspace) throws(CommandError) -> EvaluationInput {
        switch (arguments["--products"], arguments["--input"]) {
        case (let products?, nil):
            let ids = products.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return EvaluationInput(entitlements: ids.map { Entitlement(product: $0) }, synced: true, consent: .granted)
        case (nil, let file?):
            let bytes: [UInt8]
            if file == "-" {
                bytes = workspace.context.readStandardInput()
            } else {
                guard let data = FileManager.default.contents(atPath: workspace.absolute(file)) else {
                    throw .failure("cannot read \(file)")
                }
                bytes = [UInt8](data)
            }
            do {
                return try EvaluationInput(json: Data(bytes))
            } catch {
                throw .invalidInput("\(file == "-" ? "<stdin>" : file): \(error.message)")
            }
        default:
            throw .usage("give either --products or --input")
        }
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
