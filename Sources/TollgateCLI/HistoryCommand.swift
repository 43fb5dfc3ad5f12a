import Diagnostics
import Foundation
import Publishing
import Store

/// `tollgate history`: publishes and rollbacks, newest first.
enum HistoryCommand {
    static let command = Tollgate.Command(
        name: "history",
        summary: "list publishes and rollbacks, newest first",
        usage: """
            usage: tollgate history [--app APP] [--channel C] [--format text|json] [--db FILE]

            json: a list of { "version", "hash", "app", "channel", "action", "author", "message",
            "created_at", "active" }; "active" marks the entry each channel serves now.

            """,
        run: run)

    static func run(_ arguments: [String], _ context: CommandContext) throws(CommandError) -> CommandResult {
        let arguments = try Arguments(arguments, options: ["--app", "--channel", "--format", "--db"], flags: [])
        let format = try arguments.choice("--format", ["text", "json"], default: "text")
        let publisher = try Workspace(context: context).publisher(arguments, mode: .read)
        let entries: [HistoryEntry]
        do {
            entries = try publisher.history(app: arguments["--app"], channel: arguments["--channel"])
        } catch {
            throw CommandError(error)
        }
        if format == "json" { return CommandResult(stdout: JSONEncoder.report(entries)) }
        let rows = entries.map { entry in
            [entry.active ? "*" : " ", String(entry.version), String(entry.hash.dropFirst(7).prefix(12)), entry.app,
             entry.channel, entry.action, entry.createdAt, entry.author, entry.message]
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
