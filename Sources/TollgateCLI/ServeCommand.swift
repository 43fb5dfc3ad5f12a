import Foundation
import PolicyValidation
import Project
import Replication
import Server
import Store

/// `tollgate serve`: the HTTP service (docs/http.md) until SIGTERM or SIGINT.
enum ServeCommand {
    static let command = Tollgate.Command(
        name: "serve",
        summary: "serve evaluation, bundles, paywalls, OFREP, admin and metrics over HTTP",
        discussion: """
            Without a store, serves Policies/ and Templates/ and reloads them when they
            change. With --store (or TOLLGATE_STORE), serves what the channel points at in
            the store as one replica of many: on PostgreSQL it reloads the apps a publish
            or rollback changed as soon as it commits, and reads the channel again after
            every reconnect and every 30 seconds; on SQLite it reads the channel twice a
            second. A change that does not load never replaces the policy being served.
            A replica that loses the store keeps serving what it has, says so in /readyz,
            and reconnects; one started while the database is down waits for it. Every
            replica heartbeats in the store ('tollgate fleet' lists them). Admin routes
            need TOLLGATE_ADMIN_TOKEN. It also keeps the purchases the App Store confirms,
            in the store (without one, in .tollgate/store.sqlite), their signatures checked
            against Apple Root CA - G3 unless --apple-root-ca (or TOLLGATE_APPLE_ROOT_CA)
            names other roots, and those Google Play confirms: Pub/Sub's pushes are taken
            with --play-push-audience, and purchases are read, acknowledged and consumed
            as the service account of --play-service-account. It records who saw which
            variant of each experiment (unless --no-exposures) for the admin results
            route, whose revenue --rates converts. Stops on SIGTERM or SIGINT
            after finishing the requests in flight. The HTTP API is described in
            docs/http.md of the Tollgate repository.
            """,
        options: [
            Workspace.storeOption(help: "serve what a channel points at in this store: a file, sqlite:FILE, or a "
                + "postgres:// URL", default: .described("$TOLLGATE_STORE; without either, Policies/ and Templates/")),
            .value(.channel, valueName: "channel", help: "the channel to serve, with a store",
                   default: .value(PublishCommand.defaultChannel)),
            .value(.port, valueName: "port", help: "the port to listen on; 0 picks a free one",
                   default: .value("8080")),
            .value(.host, valueName: "address",
                   help: "the address to listen on: 0.0.0.0 for every IPv4 interface, :: for every interface, "
                       + "an IPv6 address such as ::1, or a host name such as localhost (its IPv4 address)",
                   default: .value("127.0.0.1")),
            Workspace.appleRootOption(),
            .value(.rates, valueName: "file", help: "exchange rates for experiment results, {base: USD, rates: "
                + "{EUR: 0.92}}", default: .described("only prices in the asked currency count")),
            .flag(.noExposures, help: "record no exposures of the service's own split decisions"),
        ] + Workspace.playOptions(),
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let port = try arguments.port()
        let workspace = Workspace(context: context)
        let (location, storeName) = workspace.storeLocation(arguments)
        let source: ServiceConfiguration.Source = workspace.namedStore(arguments) == nil
            ? .folder : .channel(try arguments.required(.channel))
        var configuration = ServiceConfiguration(
            port: port, host: try arguments.required(.host),
            admin: context.environment["TOLLGATE_ADMIN_TOKEN"].flatMap { token in
                token.isEmpty ? nil : .init(token: token, validator: { Validator.withICU(baselines: $0) })
            },
            log: { line in Self.writeLine(line, to: STDERR_FILENO) }, now: { Date() },
            store: location, storeName: storeName, source: source, loader: ProjectReleases(folder: context.currentDirectory, validator: .withICU))
        configuration.appleRoots = try workspace.appleRoots(arguments)
        configuration.play = try workspace.playAccess(arguments)
        configuration.rates = try arguments[.rates].map { (file) throws(CommandError) in try workspace.rates(file) }
        configuration.recordsExposures = !arguments.has(.noExposures)
        let service: RunningService
        do {
            service = try Service.start(configuration)
        } catch {
            throw Self.commandError(error)
        }
        service.runUntilSignalled()
        service.stop()
        return CommandResult(stderr: "tollgate serve: stopped\n")
    }

    /// What to do when the service does not start.
    static func commandError(_ error: ServiceError) -> CommandError {
        switch error {
        case .store(let error):
            return .failure(error.description)
        case .listen(let error):
            switch error {
            case .addressInUse:
                return .failure("\(error)", help: "stop the other server, or pick another port with --port")
            case .addressNotAvailable:
                return .badArgument("\(error)", help: "pick one of its addresses with --host, or 0.0.0.0 for all of them")
            case .unknownHost(let host, _):
                return .badArgument("--host '\(host)' is neither an IP address nor a host name this machine can resolve",
                                    help: "give an address such as 127.0.0.1, 0.0.0.0 or ::1")
            case .invalidPort, .failed:
                return .failure(error.description)
            }
        }
    }

    /// Writes `line` and a newline to `descriptor` with one `write` call where the system allows, so lines from
    /// several threads do not interleave; the service logs every request this way.
    private static func writeLine(_ line: String, to descriptor: Int32) {
        var text = line + "\n"
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
