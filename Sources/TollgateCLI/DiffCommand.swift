import Diagnostics
import Foundation
import PolicyDiff
import PolicyModel
import Project
import Publishing
import Store

/// `tollgate diff`: what changes between two versions of a policy, for whom.
enum DiffCommand {
    static let command = Tollgate.Command(
        name: "diff",
        summary: "what changes between two policy versions, and who gains or loses what",
        discussion: """
            Lists products added, removed or changed; tiers and what they include;
            features moving between tiers with the products whose buyers gain or lose
            them; ad rules and ad placements; entitlement states; paywalls; template
            messages per locale; paywall placements and their audiences; experiments'
            status, seed, winner, variants and weights, with the share of users whose
            variant changes.
            """,
        arguments: [
            Positional(name: "old", help: """
                a published version number, a prefix of a snapshot's hash, or a path: a policy file (its templates \
                beside it, in ../Templates/<app>/), or a folder holding Policies/ (such as an older checkout)
                """),
            Positional(name: "new", help: "the same, for the newer side"),
        ],
        options: [
            .value(.app, valueName: "app", help: "the app, when a side does not name it",
                   default: .described("the new side's app, else the store's only app")),
            .format(TextOrJSON.text, help: "the diff's format"),
            Workspace.storeOption(),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let format: TextOrJSON = try arguments.format()
        let workspace = Workspace(context: context)
        let (oldSide, newSide) = (arguments.positional[0], arguments.positional[1])
        let newFile = try workspace.policyPath(newSide, app: arguments[.app])
        let oldFile = try workspace.policyPath(oldSide, app: arguments[.app] ?? newFile.map(Workspace.stem))
        var opened: (any PolicyStore)?
        func store() throws(CommandError) -> any PolicyStore {
            if let opened { return opened }
            let store = try workspace.openStore(arguments, mode: .read)
            opened = store
            return store
        }
        func app() throws(CommandError) -> String {
            if let app = arguments[.app] ?? (newFile ?? oldFile).map(Workspace.stem) { return app }
            let store = try store()
            let apps: [String]
            do {
                apps = try store.apps()
            } catch {
                throw .failure(error.description)
            }
            guard !apps.isEmpty else {
                throw .failure("the store holds no published app", help: "publish a policy first ('tollgate publish')")
            }
            guard apps.count == 1, let only = apps.first else {
                throw .usage("missing option '--app <app>': the store holds \(apps.count) apps",
                             help: "name one of \(apps.map { "'\($0)'" }.joined(separator: ", "))")
            }
            return only
        }
        func read(_ side: String, file: String?) throws(CommandError) -> (read: ReadApp, name: String) {
            if let file { return (try workspace.read(policy: file), side) }
            let store = try store()
            let app = try app()
            let snapshot: Snapshot
            do {
                snapshot = try store.snapshot(app: app, reference: side)
            } catch {
                throw .failure(error.description)
            }
            return (workspace.read(snapshot), "version \(snapshot.version)")
        }
        let sides = [try read(oldSide, file: oldFile), try read(newSide, file: newFile)]
        let loaded = Project.load(sides.map(\.read), limits: workspace.limits)
        let (old, new) = (try loaded[0].loadedSources(), try loaded[1].loadedSources())
        let (from, to) = (sides[0].name, sides[1].name)
        let report = PolicyDiff.compare(old, new, from: from, to: to)
        return CommandResult(stdout: format == .json ? JSONEncoder.report(report) : PolicyDiffTextFormat().render(report))
    }
}

extension Workspace {
    /// The policy file a diff side names when it is a path: the file itself, `<folder>/Policies/<app>.yaml`
    /// or `<folder>/<app>.yaml`; nil when it is not a path (a version or a hash).
    func policyPath(_ side: String, app: String?) throws(CommandError) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute(side), isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return side }
        guard let app else { throw .usage("'\(side)' is a folder", help: "name the app with '--app <app>'") }
        let candidates = ["Policies/\(app).yaml", "\(app).yaml"].map { (side as NSString).appendingPathComponent($0) }
        for path in candidates where FileManager.default.fileExists(atPath: absolute(path)) { return path }
        throw .badArgument("no policy for app '\(app)' in '\(side)'",
                           help: "looked for " + candidates.joined(separator: " and "))
    }

    /// The policy and templates of a published snapshot, loaded from its files as published.
    func sources(of snapshot: Snapshot) throws(CommandError) -> AppSources {
        try Project.loadSnapshot(app: snapshot.app, files: snapshot.files, limits: limits).loadedSources()
    }

    /// The files of a published snapshot as `load(_:)` reads them from a project: `Policies/<app>.yaml` and
    /// the `*.yaml` files directly in `Templates/<app>/`, by name, each within the size limit.
    func read(_ snapshot: Snapshot) -> ReadApp {
        Project.readSnapshot(app: snapshot.app, files: snapshot.files, limits: limits)
    }
}

extension LoadedApp {
    /// The sources; files with errors stop the command with every finding, in source order.
    func loadedSources() throws(CommandError) -> AppSources {
        guard let sources else { throw .findings(diagnostics.sorted(by: Diagnostic.sourceOrder)) }
        return sources
    }
}
