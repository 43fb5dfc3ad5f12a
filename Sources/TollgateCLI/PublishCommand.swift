import Diagnostics
import Foundation
import PolicyValidation
import Store
import TollgateEvaluation
import PolicyModel

/// `tollgate publish`: validate, compile and record policies as immutable snapshots on a channel.
enum PublishCommand {
    static let defaultChannel = "production"

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
        let store = try workspace.openStore(arguments, writable: true)
        let validator = Validator.withICU(baselines: try workspace.baselines(
            store: store, name: arguments["--db"] ?? Workspace.defaultStore))
        var findings: [Diagnostic] = []
        var publications: [Publication] = []
        let author = workspace.author(arguments)
        let channel = arguments["--channel"] ?? defaultChannel
        for app in apps {
            do {
                let compiled = try workspace.compiledApp(app, validator: validator)
                publications.append(Publication(
                    app: app, channel: channel, hash: compiled.policy.hash,
                    bundle: [UInt8](compiled.policy.bundle.canonicalJSON), files: try workspace.publishedFiles(app: app),
                    products: compiled.sources.policy.products.map { ($0.id.value, $0.type.value.rawValue) },
                    author: author, message: arguments["-m"] ?? arguments["--message"] ?? "",
                    createdAt: workspace.timestamp))
            } catch {
                guard case .findings(let diagnostics) = error else { throw error }
                findings += diagnostics
            }
        }
        guard findings.isEmpty else { throw .findings(findings) }
        var lines: [String] = []
        for publication in publications {
            let change: StoreChange
            do {
                change = try store.publish(publication)
            } catch {
                throw .failure(error.description)
            }
            switch change {
            case .changed(let entry):
                lines.append("published \(entry.app) version \(entry.version) (\(entry.hash.prefix(19))…) to \(channel)")
            case .alreadyActive(let version):
                lines.append("\(publication.app): version \(version) (\(publication.hash.prefix(19))…) is already "
                             + "active on \(channel); nothing written")
            case .refused(let conflicts):
                throw .invalidInput(
                    "\(publication.app) was not published:\n" + conflicts.map { "  \($0)" }.joined(separator: "\n"))
            }
        }
        return CommandResult(stdout: lines.map { $0 + "\n" }.joined())
    }
}
