import Foundation
import Project
import TollgateEvaluation

/// `tollgate bundle`: the compiled policy that apps and the service evaluate.
enum BundleCommand {
    static let command = Tollgate.Command(
        name: "bundle",
        summary: "write the compiled policy bundle (JSON) for apps and the service",
        discussion: """
            Validates Policies/<app>.yaml and writes its compiled bundle (format
            tollgate-bundle/v1, canonical JSON named by its sha256) to stdout, or to a file,
            which is replaced whole or not at all.
            """,
        options: [
            .value(.app, valueName: "app", help: "the app: its policy is Policies/<app>.yaml", required: true),
            .value(.output, valueName: "file", help: "write the bundle to this file instead of stdout"),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let workspace = Workspace(context: context)
        let compiled = try workspace.compiledApp(try arguments.required(.app))
        let json = compiled.policy.bundle.canonicalJSON + Data("\n".utf8)
        guard let output = arguments[.output] else {
            return CommandResult(stdout: String(decoding: json, as: UTF8.self))
        }
        do {
            try json.write(to: URL(fileURLWithPath: workspace.absolute(output)), options: .atomic)
        } catch {
            throw .badArgument("cannot write '\(output)': \(ProjectFileError.reason(error))")
        }
        return CommandResult(stderr: "wrote \(output) (\(compiled.policy.hash))\n")
    }
}
