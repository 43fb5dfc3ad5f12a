import Diagnostics
import ExperimentResults
import Foundation
import TollgateEvaluation

/// `tollgate experiment`: `simulate` shows how an experiment splits many users against its weights; `results`
/// reports what the users exposed to it bought (`ExperimentResultsCommand`).
enum ExperimentCommand {
    /// What `tollgate experiment` can do, by the subcommand's name.
    static let subcommands = ["simulate", "results"]

    /// The most users a simulation assigns.
    static let maximumUsers = 10_000_000

    static let command = Tollgate.Command(
        name: "experiment",
        summary: "work with an experiment: simulate a split, or report its results",
        discussion: """
            simulate assigns the user ids user-1 … user-N by the experiment's seed and
            weights, exactly as resolve does, and prints each variant's count and share
            against the share its weight promises, with a chi-square test of the split
            (a small p-value means the split is further from the weights than chance
            explains). It shows the running split whatever the experiment's status: a
            paused experiment gives everyone its first variant and a concluded one its
            winner.

            results reads the exposures tollgate serve recorded and the purchases the
            stores confirmed or apps reported, and prints each variant's users,
            conversion, paid conversion, trial starts and revenue per user, with every
            variant's uplift against the first (the control): its 95% interval and
            p-value, and the chance to win and risk, as GrowthBook's stats engine
            computes them. A warning at the top says when users did not split as the
            weights say (sample ratio mismatch). The variants and weights are those of
            the policy the store's default channel serves (else the app's files).
            """,
        arguments: [
            Positional(name: "subcommand",
                       help: "simulate: assign users and compare the split with the weights; results: what the exposed users bought"),
        ],
        options: [
            .value(.app, valueName: "app", help: "the app: its policy is Policies/<app>.yaml", required: true),
            .value(.experiment, valueName: "experiment", help: "the experiment's id", required: true),
            .value(.users, valueName: "n", help: "simulate: how many users to assign, from 1 to 10000000",
                   default: .value("100000")),
            Workspace.storeOption(help: "results: the store the service records exposures and purchases in"),
            .value(.window, valueName: "period", help: "results: purchases count this long after first exposure",
                   default: .value(AttributionWindow.standard.description)),
            .value(.from, valueName: "time", help: "results: users first exposed from this time on",
                   default: .described("the experiment's first exposure")),
            .value(.to, valueName: "time", help: "results: up to this time (exclusive)", default: .described("now")),
            .value(.currency, valueName: "code", help: "results: the currency revenue is counted in",
                   default: .value("USD")),
            .value(.rates, valueName: "file", help: "results: exchange rates, {base: USD, rates: {EUR: 0.92}}",
                   default: .described("only prices in --currency count")),
            .flag(.sequential, help: "results: always-valid intervals and p-values, to look often"),
            .format(ExperimentFormat.text, help: "text or json (simulate); also markdown or html (results)"),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let subcommand = arguments.positional[0]
        guard subcommands.contains(subcommand) else {
            throw .usage("unknown subcommand '\(subcommand)'",
                         help: Suggestion.help(for: subcommand, among: subcommands, listing: "the subcommands are"))
        }
        let format: ExperimentFormat = try arguments.format()
        guard subcommand == "simulate" else {
            return try ExperimentResultsCommand.run(arguments, context, format: format)
        }
        guard format == .text || format == .json else {
            throw .usage("simulate prints text or json, not \(format.rawValue)",
                         help: "give '--format text' or '--format json'")
        }
        let users = try self.users(try arguments.required(.users))
        let app = try arguments.required(.app)
        let id = try arguments.required(.experiment)
        let compiled = try Workspace(context: context).compiledApp(app)
        let experiments = compiled.policy.bundle.experiments
        guard let experiment = experiments.first(where: { $0.id == id }) else {
            throw unknownExperiment(id, app: app, among: experiments.map(\.id))
        }
        let simulation = ExperimentSimulation(experiment, users: users)
        let output = format == .json ? json(simulation, experiment, app: app) : text(simulation, experiment, app: app)
        return CommandResult(stdout: output)
    }

    /// The error for an experiment id the app's policy does not have.
    static func unknownExperiment(_ id: String, app: String, among ids: [String]) -> CommandError {
        .badArgument("unknown experiment '\(id)' in app '\(app)'",
                     help: ids.isEmpty ? "the app has no experiments"
                         : Suggestion.help(for: id, among: ids, listing: "the experiments are"))
    }

    /// The `--users` count: a whole number from 1 to `maximumUsers`.
    private static func users(_ value: String) throws(CommandError) -> Int {
        guard let users = Int(value), (1...maximumUsers).contains(users) else {
            throw .usage("invalid value '\(value)' for '--users <n>'",
                         help: "'--users' takes a whole number from 1 to \(maximumUsers)")
        }
        return users
    }

    /// What the status means in production, when it is not the running split the simulation shows.
    static func statusNote(_ experiment: PolicyBundle.Experiment) -> String? {
        switch experiment.status {
        case .running: nil
        case .paused: "the experiment is paused: resolve gives everyone its first variant '\(experiment.variants[0].id)'; "
            + "this is the split it makes when running"
        case .concluded: "the experiment is concluded: resolve gives everyone its winner '\(experiment.winner ?? "")'; "
            + "this is the split it made when running"
        }
    }

    static func text(_ simulation: ExperimentSimulation, _ experiment: PolicyBundle.Experiment, app: String) -> String {
        var text = "\(app): experiment \(experiment.id) (\(experiment.status.rawValue), seed '\(experiment.seed)')\n"
        text += "\(simulation.users) users, user-1 … user-\(simulation.users)\n\n"
        let header = ["variant", "paywall", "weight", "count", "share", "expected"]
        let rows = simulation.rows.map { row in
            [row.variant, row.paywall ?? "none", "\(row.weight)", "\(row.count)",
             percent(Double(row.count) / Double(simulation.users)), percent(row.expectedShare)]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            let cells = row.indices.map { column in
                column < 2 ? row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - row[column].count) + row[column]
            }
            text += cells.joined(separator: "  ") + "\n"
        }
        let freedom = simulation.degreesOfFreedom == 1 ? "1 degree" : "\(simulation.degreesOfFreedom) degrees"
        text += "\nchi-square \(String(format: "%.3f", simulation.chiSquare)) with \(freedom) of freedom: "
            + "p-value \(String(format: "%.4f", simulation.pValue))\n"
        if let note = statusNote(experiment) { text += "note: \(note)\n" }
        return text
    }

    /// `0.9` as `90.00%`.
    static func percent(_ share: Double) -> String {
        String(format: "%.2f%%", share * 100)
    }

    /// The simulation as JSON: indented, keys sorted, shares as fractions.
    static func json(_ simulation: ExperimentSimulation, _ experiment: PolicyBundle.Experiment, app: String) -> String {
        JSONEncoder.report(SimulationReport(simulation, experiment, app: app, note: statusNote(experiment)))
    }
}
