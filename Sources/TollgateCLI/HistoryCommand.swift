import Diagnostics
import Foundation
import Publishing
import Store
import TollgateEvaluation

/// `tollgate history`: publishes and rollbacks, newest first.
enum HistoryCommand {
    static let command = Tollgate.Command(
        name: "history",
        summary: "list publishes and rollbacks, newest first",
        discussion: """
            The json format is a list of { "version", "hash", "app", "channel", "action",
            "author", "message", "created_at", "active" }; "active" marks the entry each
            channel serves now.
            """,
        options: [
            .value(.app, valueName: "app", help: "only this app's entries"),
            .value(.channel, valueName: "channel", help: "only this channel's entries"),
            .format(TextOrJSON.text, help: "the list's format"),
            Workspace.storeOption(),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let format: TextOrJSON = try arguments.format()
        let publisher = try Workspace(context: context).publisher(arguments, mode: .read)
        let entries: [HistoryEntry]
        do {
            entries = try publisher.history(app: arguments[.app], channel: arguments[.channel])
        } catch {
            throw CommandError(error)
        }
        if format == .json { return CommandResult(stdout: JSONEncoder.report(entries)) }
        let rows = entries.map { entry in
            [entry.active ? "*" : " ", String(entry.version), String(entry.hash.dropFirst(7).prefix(12)), entry.app,
             entry.channel, entry.action.rawValue, entry.createdAt.description, entry.author, entry.message]
        }
        let header = [" ", "version", "hash", "app", "channel", "action", "created_at", "author", "message"]
        let widths = (0..<header.count).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        let lines = ([header] + rows).map { row in
            String(zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .reversed().drop { $0 == " " }.reversed())
        }
        return CommandResult(stdout: lines.joined(separator: "\n") + "\n")
    }
}
