import Diagnostics
import Foundation
import JSON
import PolicyModel
import Publishing
import Server
import Store
import TollgateEvaluation

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
            need TOLLGATE_ADMIN_TOKEN. Stops on SIGTERM or SIGINT after finishing the
            requests in flight. docs/http.md describes the routes.
            """,
        options: [
            Workspace.storeOption(help: "serve what a channel points at in this store: a file, sqlite:FILE, or a "
                + "postgres:// URL", default: .described("$TOLLGATE_STORE; without either, Policies/ and Templates/")),
            .value("--channel", valueName: "channel", help: "the channel to serve, with a store",
                   default: .value(PublishCommand.defaultChannel)),
            .value("--port", valueName: "port", help: "the port to listen on; 0 picks a free one",
                   default: .value("8080")),
            .value("--host", valueName: "address",
                   help: "the address to listen on: 0.0.0.0 for every IPv4 interface, :: for every interface, "
                       + "an IPv6 address such as ::1, or a host name such as localhost (its IPv4 address)",
                   default: .value("127.0.0.1")),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let portText = try arguments.required("--port")
        guard let port = Int(portText), (0...65_535).contains(port) else {
            throw .usage("invalid value '\(portText)' for '--port <port>'", help: "give a number from 0 to 65535")
        }
        let workspace = Workspace(context: context)
        let log: @Sendable (String) -> Void = { line in Self.writeLine(line, to: STDERR_FILENO) }
        let metrics = Metrics()
        let (location, storeName) = workspace.storeLocation(arguments)
        let holder: PolicyHolder
        let follower: StoreFollower?
        let description: String
        if workspace.namedStore(arguments) == nil {
            let source = try folderSource(workspace)
            holder = PolicyHolder(source: source, metrics: metrics, log: log)
            holder.reloadIfChanged()
            follower = nil
            description = source.description
        } else {
            let channel = try arguments.required("--channel")
            holder = PolicyHolder(metrics: metrics, log: log)
            let settings = try followerSettings(workspace, location: location, channel: channel)
            let storeFollower = StoreFollower(holder: holder, settings: settings, log: log)
            storeFollower.start(waitingUpTo: 10)
            follower = storeFollower
            description = "channel \(channel) of \(settings.storeName)"
        }
        let admin = context.environment["TOLLGATE_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }.map { token in
            Admin(token: token) { (mode) throws(StoreError) in
                Workspace.publisher(on: try location.open(mode), named: storeName)
            }
        }
        let router = Router(holder: holder, metrics: metrics, admin: admin, log: log)
        let server = HTTPServer(
            responder: router, configuration: .init(port: port, host: try arguments.required("--host")),
            log: { message in log(#"{"event":"http","message":\#(JSONWriter.quoted(message))}"#) })
        let address: HTTPServer.Address
        do throws(CommandError) {
            address = try start(server)
        } catch {
            follower?.stop()
            throw error
        }
        log(#"{"event":"listening","url":\#(JSONWriter.quoted(address.url)),"#
            + #""address":\#(JSONWriter.quoted(address.host)),"port":\#(address.port),"#
            + #""source":\#(JSONWriter.quoted(description)),"#
            + #""apps":\#(holder.snapshot?.apps.count ?? 0),"admin":\#(admin != nil)}"#)
        if follower == nil { holder.watch(every: 0.5) }
        server.runUntilSignalled()
        holder.stop()
        follower?.stop()
        return CommandResult(stderr: "tollgate serve: stopped\n")
    }

    /// Starts `server` and returns where it listens, saying what to do when it cannot listen.
    static func start(_ server: HTTPServer) throws(CommandError) -> HTTPServer.Address {
        do {
            return try server.start()
        } catch {
            switch error {
            case .addressInUse:
                throw .failure("\(error)", help: "stop the other server, or pick another port with --port")
            case .addressNotAvailable:
                throw .badArgument("\(error)", help: "pick one of its addresses with --host, or 0.0.0.0 for all of them")
            case .unknownHost(let host, _):
                throw .badArgument("--host '\(host)' is neither an IP address nor a host name this machine can resolve",
                                   help: "give an address such as 127.0.0.1, 0.0.0.0 or ::1")
            case .invalidPort, .failed:
                throw .failure(error.description)
            }
        }
    }

    /// `Policies/` and `Templates/` under the current directory, reloaded when a file changes.
    static func folderSource(_ workspace: Workspace) throws(CommandError) -> PolicySource {
        PolicySource(
            description: "Policies/ and Templates/ in \(workspace.context.currentDirectory)",
            fingerprint: { workspace.fingerprint(of: ["Policies", "Templates"]) },
            load: { () throws(ReloadError) in
                let files = (try? workspace.policyFiles([])) ?? []
                guard !files.isEmpty else { throw ReloadError("no policies in Policies/") }
                var releases: [AppRelease] = []
                for file in files {
                    do throws(CommandError) {
                        let compiled = try workspace.compiledApp(Workspace.stem(file))
                        releases.append(AppRelease(sources: compiled.sources, compiled: compiled.policy))
                    } catch {
                        throw ReloadError(error.text)
                    }
                }
                return releases
            })
    }

    /// Following `channel` of the store at `location` as a replica. A SQLite store that cannot be opened is a
    /// mistake that stops the command; a database that does not answer is waited for.
    static func followerSettings(_ workspace: Workspace, location: StoreLocation, channel: String)
        throws(CommandError) -> StoreFollower.Settings
    {
        if case .sqlite = location {
            do {
                _ = try location.open(.read)
            } catch {
                throw .failure(error.description)
            }
        }
        let replica = Replica(id: UUID().uuidString.lowercased(), host: hostName(), pid: Int(getpid()),
                              channel: channel, startedAt: Publisher.timestamp(Date()), apps: [])
        return StoreFollower.Settings(
            storeName: location.name, channel: channel,
            open: { (mode) throws(StoreError) in try location.open(mode) },
            release: { (snapshot) throws(ReloadError) in
                do {
                    let sources = try workspace.sources(of: snapshot)
                    let compiled = try CompiledPolicy(bundleJSON: Data(snapshot.bundle))
                    return AppRelease(sources: sources, compiled: compiled, version: snapshot.version)
                } catch let error as BundleError {
                    throw ReloadError("\(error)")
                } catch let error as CommandError {
                    throw ReloadError(error.text)
                } catch {
                    throw ReloadError("\(error)")
                }
            },
            replica: replica)
    }

    /// This machine's name, as the fleet lists it.
    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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

extension Workspace {
    /// Names, sizes and modification times of every file under `folders`: changes when any file does.
    func fingerprint(of folders: [String]) -> String {
        var entries: [String] = []
        for folder in folders {
            let root = absolute(folder)
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let path = walker.nextObject() as? String {
                let attributes = walker.fileAttributes ?? [:]
                guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                let size = attributes[.size] as? Int ?? 0
                let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                entries.append("\(folder)/\(path):\(size):\(time)")
            }
        }
        return entries.sorted().joined(separator: "\n")
    }
}
