import Diagnostics
import Foundation

/// The `tollgate` command line: the command table and the dispatcher.
package enum Tollgate {
    package static let version = "0.1.0"

    static let commands: [Command] = [
        ValidateCommand.command,
        MatrixCommand.command,
        EvalCommand.command,
        ResolveCommand.command,
        ExperimentCommand.command,
        BundleCommand.command,
        ExplainCommand.command,
        SchemaCommand.command,
        RenderCommand.command,
        PublishCommand.command,
        HistoryCommand.command,
        RollbackCommand.command,
        DiffCommand.command,
        ServeCommand.command,
        StudioCommand.command,
        FleetCommand.command,
        CatalogCommand.command,
        CustomersCommand.command,
        LSPCommand.command,
    ]

    /// Runs `tollgate <arguments>` and returns what it printed and its exit code.
    package static func run(_ arguments: [String], context: CommandContext) -> CommandResult {
        guard let name = arguments.first else {
            return CommandResult(stderr: Help.general, exitCode: ExitCode.failure)
        }
        let rest = Array(arguments.dropFirst())
        switch name {
        case "-h", "--help": return CommandResult(stdout: Help.general)
        case "--version": return CommandResult(stdout: "tollgate \(version)\n")
        case "help": return help(rest)
        default: break
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            let error: CommandError = name.hasPrefix("-")
                ? .usage("unknown option '\(name)'", help: Suggestion.didYouMean(name, in: ["--help", "--version"]))
                : .usage("unknown command '\(name)'", help: Suggestion.didYouMean(name, in: commands.map(\.name)))
            return error.result(in: nil)
        }
        do {
            switch try Arguments.parse(rest, for: command) {
            case .help: return CommandResult(stdout: Help.text(for: command))
            case .arguments(let arguments): return try command.run(arguments, context)
            }
        } catch {
            return error.result(in: command)
        }
    }

    /// `tollgate help [<command>]`: the help of a command, or of `tollgate` itself.
    private static func help(_ arguments: [String]) -> CommandResult {
        guard let name = arguments.first else { return CommandResult(stdout: Help.general) }
        guard arguments.count == 1 else {
            return CommandError.usage("unexpected argument '\(arguments[1])'").result(in: nil)
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            return CommandError.usage("unknown command '\(name)'",
                                      help: Suggestion.didYouMean(name, in: commands.map(\.name))).result(in: nil)
        }
        return CommandResult(stdout: Help.text(for: command))
    }
}
