import Diagnostics
import Publishing
import Store

/// `tollgate publish`: validate, compile and record policies as immutable snapshots on a channel.
enum PublishCommand {
    static let defaultChannel = Publisher.defaultChannel

    static let command = Tollgate.Command(
        name: "publish",
        summary: "validate and publish policies to the store (a channel points at the new snapshot)",
        usage: """
            usage: tollgate publish [--app APP] [--channel C] [-m MSG] [--author NAME] [--db FILE]

            Validates every policy in Policies/ (or only APP) against what the store published before
            (product types never change, retired ids never return) and, when nothing has an error,
            records each as a snapshot: its compiled bundle, its policy and template files, author and
            message, and points the channel (default production) at it. One transaction per app.
            Publishing what the channel already serves writes nothing.
            --db FILE     the store (default .tollgate/store.sqlite, created when missing)
            --author      default: git's user.name, else $USER
            Exit: 0 published (or already active), 1 the policies have errors, 2 the store failed.

            """,
        run: run)

    static func run(_ arguments: [String], _ context: CommandContext) throws(CommandError) -> CommandResult {
        let arguments = try Arguments(arguments, options: ["--app", "--channel", "-m", "--message", "--author", "--db"],
                                      flags: [])
        let workspace = Workspace(context: context)
        let apps: [String]
        if let app = arguments["--app"] {
            apps = [app]
        } else {
            apps = try workspace.policyFiles([]).map(Workspace.stem)
        }
        guard !apps.isEmpty else { throw .usage("no policies in Policies/ to publish") }
        let publisher = try workspace.publisher(arguments, mode: .create)
        var findings: [Diagnostic] = []
        var releases: [Release] = []
        for app in apps {
            let files = try workspace.appFiles(app: app)
            do throws(PublishingError) {
                releases.append(try publisher.prepare(files))
            } catch {
                guard case .findings(let diagnostics) = error else { throw CommandError(error) }
                findings += diagnostics
            }
        }
        guard findings.isEmpty else { throw .findings(findings) }
        let author = workspace.author(arguments)
        let channel = arguments["--channel"] ?? defaultChannel
        let message = arguments["-m"] ?? arguments["--message"] ?? ""
        var lines: [String] = []
        for release in releases {
            let change: ChannelChange
            do {
                change = try publisher.publish(release, to: channel, author: author, message: message,
                                               at: context.now)
            } catch {
                throw CommandError(error)
            }
            switch change {
            case .changed(let entry):
                lines.append("published \(entry.app) version \(entry.version) (\(entry.hash.prefix(19))…) to \(channel)")
            case .alreadyActive(let version, let hash):
                lines.append("\(release.files.app): version \(version) (\(hash.prefix(19))…) is already "
                             + "active on \(channel); nothing written")
            }
        }
        return CommandResult(stdout: lines.map { $0 + "\n" }.joined())
    }
}
