import Publishing
import Store

/// `tollgate rollback`: point a channel back at an earlier snapshot.
enum RollbackCommand {
    static let command = Tollgate.Command(
        name: "rollback",
        summary: "point a channel back at an earlier published version",
        usage: """
            usage: tollgate rollback --app APP --to VERSION [--channel C] [-m MSG] [--author NAME] [--db FILE]

            VERSION is a version number from 'tollgate history' or a prefix of the snapshot's hash.
            The channel (default production) serves that snapshot from now on; the change is recorded
            in the history. Exit: 0 done (or already active), 2 no such version or the store failed.

            """,
        run: run)

    static func run(_ arguments: [String], _ context: CommandContext) throws(CommandError) -> CommandResult {
        let arguments = try Arguments(
            arguments, options: ["--app", "--to", "--channel", "-m", "--message", "--author", "--db"], flags: [])
        let app = try arguments.required("--app")
        let reference = try arguments.required("--to")
        let channel = arguments["--channel"] ?? PublishCommand.defaultChannel
        let workspace = Workspace(context: context)
        let publisher = try workspace.publisher(arguments, mode: .write)
        let change: ChannelChange
        do {
            change = try publisher.rollback(app: app, to: reference, channel: channel, author: workspace.author(arguments),
                                            message: arguments["-m"] ?? arguments["--message"], at: context.now)
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
