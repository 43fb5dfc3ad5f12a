import Diagnostics
import Foundation
import TollgateEvaluation

/// `tollgate experiment simulate`: how an experiment splits many users, against its weights.
enum ExperimentCommand {
    /// What `tollgate experiment` can do, by the subcommand's name.
    static let subcommands = ["simulate"]

    /// The most users a simulation assigns.
    static let maximumUsers = 10_000_000

    static let command = Tollgate.Command(
        name: "experiment",
        summary: "work with an experiment: simulate assigns many users and tests the split",
        discussion: """
            simulate assigns the user ids user-1 … user-N by the experiment's seed and
            weights, exactly as resolve does, and prints each variant's count and share
            against the share its weight promises, with a chi-square test of the split
            (a small p-value means the split is further from the weights than chance
            explains). It shows the running split whatever the experiment's status: a
            paused experiment gives everyone its first variant and a concluded one its
            winner.
            """,
        arguments: [
            Positional(name: "subcommand", help: "simulate: assign users and compare the split with the weights"),
        ],
        options: [
            .value(.app, valueName: "app", help: "the app: its policy is Policies/<app>.yaml", required: true),
            .value(.experiment, valueName: "experiment", help: "the experiment's id", required: true),
            .value(.users, valueName: "n", help: "how many users to assign, from 1 to 10000000",
                   default: .value("100000")),
            .format(TextOrJSON.text, help: "the simulation's format"),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let subcommand = arguments.positional[0]
        guard subcommands.contains(subcommand) else {
            throw .usage("unknown subcommand '\(subcommand)'",
                         help: Suggestion.help(for: subcommand, among: subcommands, listing: "the subcommands are"))
        }
        let format: TextOrJSON = try arguments.format()
        let users = try self.users(try arguments.required(.users))
        let app = try arguments.required(.app)
        let id = try arguments.required(.experiment)
        let compiled = try Workspace(context: context).compiledApp(app)
        let experiments = compiled.policy.bundle.experiments
        guard let experiment = experiments.first(where: { $0.id == id }) else {
            throw .badArgument("unknown experiment '\(id)' in app '\(app)'",
                               help: experiments.isEmpty ? "the app has no experiments"
                                   : Suggestion.help(for: id, among: experiments.map(\.id), listing: "the experiments are"))
        }
        let simulation = ExperimentSimulation(experiment, users: users)
        let output = format == .json ? json(simulation, experiment, app: app) : text(simulation, experiment, app: app)
        return CommandResult(stdout: output)
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
