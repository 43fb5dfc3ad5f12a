package import Diagnostics
import Project

/// Why a command stopped: a malformed command line (exit 2, with the usage line), an argument naming something the
/// command cannot use (exit 2: a missing or unreadable file, an unknown app, product, paywall or rule), a failure
/// of the system (exit 2: a store, a disk), findings in the user's files (exit 1, printed compiler style) or an
/// input whose content it cannot use (exit 1).
package enum CommandError: Error {
    case usage(String, help: String? = nil)
    case badArgument(String, help: String? = nil)
    case failure(String, help: String? = nil)
    case findings([Diagnostic])
    case invalidInput(String)
}

extension CommandError {
    /// The error as the command line would print it, without the lines that point at `--help`.
    var text: String {
        switch self {
        case .usage(let message, let help), .badArgument(let message, let help), .failure(let message, let help):
            message + (help.map { "\n  help: \($0)" } ?? "")
        case .invalidInput(let message): message
        case .findings(let diagnostics): TextFormat().render(diagnostics)
        }
    }

    /// What `tollgate` prints for this error from `command` (nil: `tollgate` itself): the error and its help line;
    /// for a usage error the usage line; for a usage error or a bad argument, where to read more.
    func result(in command: Tollgate.Command?) -> CommandResult {
        let more = "see 'tollgate \(command.map { "\($0.name) " } ?? "")--help'\n"
        switch self {
        case .usage:
            let usage = command.map { Help.usage($0, heading: "usage:") } ?? Help.generalUsage(heading: "usage:")
            return CommandResult(stderr: "error: \(text)\n" + usage + more, exitCode: ExitCode.failure)
        case .badArgument:
            return CommandResult(stderr: "error: \(text)\n" + more, exitCode: ExitCode.failure)
        case .failure:
            return CommandResult(stderr: "error: \(text)\n", exitCode: ExitCode.failure)
        case .invalidInput:
            return CommandResult(stderr: "error: \(text)\n", exitCode: ExitCode.findings)
        case .findings:
            return CommandResult(stderr: text, exitCode: ExitCode.findings)
        }
    }
}

extension CommandError {
    /// A file that cannot be read: exit 2, with the system's words.
    init(_ error: ProjectFileError) {
        self = .badArgument(error.description)
    }
}
