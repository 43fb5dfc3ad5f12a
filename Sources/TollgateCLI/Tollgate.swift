import Diagnostics
import Foundation

/// The `tollgate` command line: the command table and the dispatcher.
package enum Tollgate {
    package static let version = "0.1.0"

    /// One subcommand: its name, a one-line summary, its usage text and what it does.
    struct Command: Sendable {
        var name: String
        var summary: String
        var usage: String
        var run: @Sendable ([String], CommandContext) throws(CommandError) -> CommandResult
    }

    static let commands: [Command] = [
        ValidateCommand.command,
        MatrixCommand.command,
        EvalCommand.command,
        BundleCommand.command,
        ExplainCommand.command,
        SchemaCommand.command,
        RenderCommand.command,
        PublishCommand.command,
        HistoryCommand.command,
        RollbackCommand.command,
        DiffCommand.command,
        ServeCommand.command,
    ]

    /// Runs `tollgate <arguments>` and returns what it printed and its exit code.
    package static func run(_ arguments: [String], context: CommandContext) -> CommandResult {
        guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
            return CommandResult(stdout: usage)
        }
        if name == "--version" { return CommandResult(stdout: "tollgate \(version)\n") }
        guard let command = commands.first(where: { $0.name == name }) else {
            let hint = Suggestion.didYouMean(name, in: commands.map(\.name)).map { "; \($0)" } ?? ""
            return .failure("unknown command '\(name)'\(hint)\nrun 'tollgate --help' for the list of commands")
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return CommandResult(stdout: command.usage)
        }
        do {
            return try command.run(rest, context)
        } catch {
            switch error {
            case .usage(let message): return .failure("\(message)\n\n\(command.usage)")
            case .failure(let message): return .failure(message)
            case .invalidInput(let message):
                return CommandResult(stderr: "error: \(message)\n", exitCode: ExitCode.findings)
            case .findings(let diagnostics):
                return CommandResult(stderr: TextFormat().render(diagnostics), exitCode: ExitCode.findings)
            }
        }
    }

    static var usage: String {
        let width = commands.map(\.name.count).max() ?? 0
        let lines = commands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
        return """
            tollgate \(version): monetization policy and paywall configuration

            usage: tollgate <command> [options]

            commands:
            \(lines.joined(separator: "\n"))

            'tollgate <command> --help' describes a command. Exit codes: 0 success (warnings allowed),
            1 the input has errors (or warnings under --strict), 2 usage error or unreadable file.

            """
    }
}
