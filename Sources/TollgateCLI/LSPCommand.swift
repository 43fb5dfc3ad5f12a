import Foundation
import LanguageServer
import Project

/// `tollgate lsp`: the language server on stdin and stdout, for editors.
enum LSPCommand {
    static let command = Tollgate.Command(
        name: "lsp",
        summary: "the language server for editors: validate's findings as you type",
        discussion: """
            Speaks the Language Server Protocol 3.17 on stdin and stdout for the
            workspace folder the editor opens (the current directory if it names none):
            validate's findings on every policy and template file as you type, hover,
            completion, go to definition and quick fixes. Prints nothing on stdout but
            protocol messages. Exits 0 after the editor's shutdown and exit, 1 when its
            input ends first. The Tollgate repository's README shows how to set it up in
            an editor.
            """,
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        // A client that goes away must end the loop with a failed write, not the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var server = LanguageServer(validator: .withICU, currentDirectory: context.currentDirectory,
                                    version: Tollgate.version, handlers: FeatureHandlers.all)
        return CommandResult(exitCode: StdioLoop.run(&server, input: STDIN_FILENO, output: STDOUT_FILENO))
    }
}
