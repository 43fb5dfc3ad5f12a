import Diagnostics
import Project
import Publishing
import Store

/// `tollgate publish`: validate, compile and record policies as immutable snapshots on a channel.
enum PublishCommand {
    static let defaultChannel = Publisher.defaultChannel

    static let command = Tollgate.Command(
        name: "publish",
        summary: "validate and publish policies to the store (a channel points at the new snapshot)",
        discussion: """
            Validates every policy in Policies/ (or only one app's) against what the store
            published before (product types never change, retired ids never return) and,
            when nothing has an error, records each as a snapshot: its compiled bundle, its
            policy and template files, author and message; then points the channel at it.
            One transaction per app; publishing what the channel already serves writes
            nothing. A missing store is created once every policy passed (see
            docs/store.md of the Tollgate repository). Exits 0 when published (or already
            active), 1 when the policies have errors, 2 when the store failed.
            """,
        options: [
            .value(.app, valueName: "app", help: "publish only this app's policy, Policies/<app>.yaml",
                   default: .described("every policy in Policies/")),
            .value(.channel, valueName: "channel", help: "the channel to point at the new snapshot",
                   default: .value(defaultChannel)),
            .value(.message, valueName: "message", help: "why, recorded in the history"),
            .value(.author, valueName: "name", help: "who makes the change",
                   default: .described("git's user.name, else $USER")),
            Workspace.storeOption(),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let workspace = Workspace(context: context)
        let apps: [String]
        if let app = arguments[.app] {
            apps = [app]
        } else {
            apps = try workspace.policyFiles([]).map(Workspace.stem)
        }
        guard !apps.isEmpty else { throw .usage("no policies in Policies/ to publish") }
        // A missing store is created only once every policy passed, so a refused first publish leaves none behind.
        let existing = try workspace.existingPublisher(arguments)
        var findings: [Diagnostic] = []
        var releases: [Release] = []
        for app in apps {
            let files = try workspace.appFiles(app: app)
            do throws(PublishingError) {
                if let existing {
                    releases.append(try existing.prepare(files))
                } else {
                    releases.append(try Publisher.prepare(files, validator: .withICU))
                }
            } catch {
                guard case .findings(let diagnostics) = error else { throw CommandError(error) }
                findings += diagnostics
            }
        }
        guard findings.isEmpty else { throw .findings(findings) }
        let publisher = if let existing { existing } else { try workspace.publisher(arguments, mode: .create) }
        let author = workspace.author(arguments)
        let channel = try arguments.required(.channel)
        let message = arguments[.message] ?? ""
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
