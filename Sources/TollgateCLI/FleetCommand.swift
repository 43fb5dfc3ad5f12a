import Diagnostics
import Foundation
import Replication
import Store

/// `tollgate fleet`: the replicas serving the store, what they serve, and whether they have converged.
enum FleetCommand {
    /// A replica whose last heartbeat is older than this is not listed; replicas heartbeat every 5 seconds.
    static let seenWithin = 30

    static let command = Tollgate.Command(
        name: "fleet",
        summary: "list the replicas serving the store and whether they serve what their channel points at",
        discussion: """
            Every 'tollgate serve --store' replica heartbeats in the store every 5 seconds
            and when what it serves changes; the replicas heard from in the last 30 seconds
            are listed, with what each serves and whether that is what its channel points
            at now ("converged"). A replica stopped with SIGTERM removes itself at once.
            The json format is { "converged", "channels": { channel: [ { "app",
            "version", "hash" } ] }, "replicas": [ { "id", "host", "pid", "channel",
            "started_at", "last_seen", "converged", "apps": [ { "app", "version", "hash",
            "converged" } ], "missing": [ app ] } ] }; "missing" names the apps the
            channel has that the replica does not serve. Exits 0, or 2 when the store
            cannot be read.
            """,
        options: [
            .value(.channel, valueName: "channel", help: "only the replicas serving this channel",
                   default: .described("every channel")),
            .format(TextOrJSON.text, help: "the list's format"),
            Workspace.storeOption(),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let format: TextOrJSON = try arguments.format()
        let workspace = Workspace(context: context)
        let store = try workspace.openStore(arguments, mode: .read)
        let report: FleetReport
        do {
            report = try FleetReport.read(from: store, channel: arguments[.channel], seenWithin: seenWithin)
        } catch {
            throw .failure(error.description)
        }
        if format == .json { return CommandResult(stdout: JSONEncoder.report(report)) }
        return CommandResult(stdout: text(report, store: store.name))
    }

    /// The report as the text format prints it: what each channel points at, then a table of replicas.
    static func text(_ report: FleetReport, store: String) -> String {
        guard !report.replicas.isEmpty else {
            return "no replica of \(store) was heard from in the last \(seenWithin) seconds\n"
        }
        var text = report.channels.keys.sorted().map { channel in
            "channel \(channel): " + (report.channels[channel] ?? []).map(\.text).joined(separator: ", ") + "\n"
        }.joined()
        let rows = report.replicas.map { replica in
            [replica.id.prefix(8).description, replica.host, String(replica.pid), replica.channel, replica.startedAt,
             replica.lastSeen, replica.converged ? "yes" : "no",
             (replica.apps.map(\.text) + replica.missing.map { "\($0) missing" }).joined(separator: ", ")]
        }
        let header = ["replica", "host", "pid", "channel", "started_at", "last_seen", "converged", "serves"]
        let widths = (0..<header.count).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        text += "\n" + ([header] + rows).map { row in
            String(zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .reversed().drop { $0 == " " }.reversed()) + "\n"
        }.joined()
        return text
    }
}
