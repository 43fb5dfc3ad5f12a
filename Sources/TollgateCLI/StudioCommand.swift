import CatalogValidation
import Foundation
import PolicyValidation
import Project
import Publishing
import Replication
import Server
import Store
import Studio

/// `tollgate studio`: a web app on this machine where product managers edit, preview and publish the project in
/// the current folder, answered by the same loader, validator and commands as the command line.
enum StudioCommand {
    static let command = Tollgate.Command(
        name: "studio",
        summary: "edit, preview and publish the policies in a browser, on this machine",
        discussion: """
            Serves a web app over Policies/ and Templates/ in the current folder: each
            app's policy and templates in an editor whose findings are those of
            'tollgate validate', saved atomically (refused when the file changed on
            disk), every paywall previewed in every locale with a storefront's prices,
            the feature × tier matrix, a placement simulator, the changes against what
            the store's channel serves, publish, and experiment results. It binds
            127.0.0.1 and refuses requests for any other host and changes from other
            sites' pages. docs/studio.md of the Tollgate repository describes its API.
            """,
        options: [
            .value(.port, valueName: "port", help: "the port to listen on; 0 picks a free one", default: .value("8090")),
            .value(.host, valueName: "address", help: "the address to listen on", default: .value("127.0.0.1")),
            Workspace.storeOption(help: "the store changes are compared with and publishes go to"),
            .value(.channel, valueName: "channel", help: "the channel changes compare with and publish points",
                   default: .value(PublishCommand.defaultChannel)),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let port = try arguments.port()
        let workspace = Workspace(context: context)
        let named = workspace.namedStore(arguments)
        let store = workspace.storeLocation(arguments)
        // The store's published products are read again for every validation, so a publish (the first one too)
        // counts at once; a store that does not open yet (nothing published) has none.
        let validator: @Sendable () -> Validator = {
            guard named != nil, let published = try? store.location.open(.read),
                  let baselines = try? Workspace.publisher(on: published, named: store.name).baselines() else {
                return .withICU
            }
            return Validator(context: .icu(baselines: baselines), catalogs: nil)
        }
        let folder = context.currentDirectory
        let environment = context.environment
        let router = StudioRouter(StudioConfiguration(
            folder: folder, store: store,
            channel: try arguments.required(.channel), validator: validator,
            run: { arguments, input in
                let result = Tollgate.run(arguments, context: CommandContext(
                    currentDirectory: folder, environment: environment, readStandardInput: { input }))
                return CommandOutput(stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode)
            }))
        let server = HTTPServer(responder: router, configuration: .init(port: port, host: try arguments.required(.host)))
        let address: HTTPServer.Address
        do {
            address = try server.start()
        } catch {
            throw ServeCommand.commandError(.listen(error))
        }
        router.listening(on: address)
        FileHandle.standardError.write(Data("tollgate studio: open \(address.url)\n".utf8))
        server.runUntilSignalled()
        server.shutdown()
        return CommandResult(stderr: "tollgate studio: stopped\n")
    }
}
