import Publishing
import Store

/// `tollgate rollback`: point a channel back at an earlier snapshot.
enum RollbackCommand {
    static let command = Tollgate.Command(
        name: "rollback",
        summary: "point a channel back at an earlier published version",
        discussion: """
            The channel serves the snapshot of that version from now on; the change is
            recorded in the history. Exits 0 when done (or already active), 2 when there is
            no such version or the store failed.
            """,
        options: [
            .value(.app, valueName: "app", help: "the app whose channel changes", required: true),
            .value(.to, valueName: "version", help: """
                a version number from 'tollgate history', or a prefix of the snapshot's hash
                """, required: true),
            .value(.channel, valueName: "channel", help: "the channel to point back",
                   default: .value(PublishCommand.defaultChannel)),
            .value(.message, valueName: "message", help: "why, recorded in the history",
                   default: .described("rollback to <version>")),
            .value(.author, valueName: "name", help: "who makes the change",
                   default: .described("git's user.name, else $USER")),
            Workspace.storeOption(),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let app = try arguments.required(.app)
        let reference = try arguments.required(.to)
        let channel = try arguments.required(.channel)
        let workspace = Workspace(context: context)
        let publisher = try workspace.publisher(arguments, mode: .write)
        let change: ChannelChange
        do {
            change = try publisher.rollback(app: app, to: reference, channel: channel, author: workspace.author(arguments),
                                            message: arguments[.message], at: context.now)
        } catch {
            throw CommandError(error)
        }
        switch change {
        case .changed(let entry):
            return CommandResult(stdout: "\(channel) of \(app) now serves version \(entry.version) "
                                 + "(\(entry.hash.prefix(19))…)\n")
        case .alreadyActive(let version, _):
            return CommandResult(stdout: "\(channel) of \(app) already serves version \(version); nothing written\n")
        }
    }
}
