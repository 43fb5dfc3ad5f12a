import Diagnostics
import Foundation
import PolicyModel
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
            the store, and picks up a publish or rollback by another process within a
            second. A change that does not load never replaces the policy being served.
            Admin routes need TOLLGATE_ADMIN_TOKEN. Stops on SIGTERM or SIGINT after
            finishing the requests in flight. docs/http.md describes the routes.
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
        let (location, storeName) = workspace.storeLocation(arguments)
        let source = try workspace.namedStore(arguments) == nil
            ? folderSource(workspace)
            : storeSource(workspace, location: location, channel: try arguments.required("--channel"))
        let log: @Sendable (String) -> Void = { line in Self.writeLine(line, to: STDERR_FILENO) }
        let metrics = Metrics()
        let holder = PolicyHolder(source: source, metrics: metrics, log: log)
        holder.reloadIfChanged()
        let admin = context.environment["TOLLGATE_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }.map { token in
            Admin(token: token) { (mode) throws(StoreError) in
                Workspace.publisher(on: try location.open(mode), named: storeName)
            }
        }
        let router = Router(holder: holder, metrics: metrics, admin: admin, log: log)
        let server = HTTPServer(
            responder: router, configuration: .init(port: port, host: try arguments.required("--host")),
            log: { message in log(#"{"event":"http","message":\#(JSONWriter.quoted(message))}"#) })
        let address = try start(server)
        log(#"{"event":"listening","url":\#(JSONWriter.quoted(address.url)),"#
            + #""address":\#(JSONWriter.quoted(address.host)),"port":\#(address.port),"#
            + #""source":\#(JSONWriter.quoted(source.description)),"#
            + #""apps":\#(holder.snapshot?.apps.count ?? 0),"admin":\#(admin != nil)}"#)
        holder.watch(every: 0.5)
        server.runUntilSignalled()
        holder.stop()
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

    /// What `channel` points at in the store at `location`, checked for changes by the snapshots' hashes.
    static func storeSource(_ workspace: Workspace, location: StoreLocation, channel: String)
        throws(CommandError) -> PolicySource
    {
        let description: String
        do {
            description = try location.open(.read).name
        } catch {
            throw .failure(error.description)
        }
        let active = { @Sendable () throws(StoreError) -> [Snapshot] in
            let store = try location.open(.read)
            var snapshots: [Snapshot] = []
            for app in try store.apps() {
                if let snapshot = try store.active(app: app, channel: channel) { snapshots.append(snapshot) }
            }
            return snapshots
        }
        return PolicySource(
            description: "channel \(channel) of \(description)",
            fingerprint: { ((try? active()) ?? []).map { "\($0.app)=\($0.hash)" }.joined(separator: ",") },
            load: { () throws(ReloadError) in
                let snapshots: [Snapshot]
                do throws(StoreError) {
                    snapshots = try active()
                } catch {
                    throw ReloadError(error.description)
                }
                guard !snapshots.isEmpty else { throw ReloadError("nothing is published on channel \(channel)") }
                var releases: [AppRelease] = []
                for snapshot in snapshots {
                    do {
                        let sources = try workspace.sources(of: snapshot)
                        let compiled = try CompiledPolicy(bundleJSON: Data(snapshot.bundle))
                        releases.append(AppRelease(sources: sources, compiled: compiled, version: snapshot.version))
                    } catch let error as BundleError {
                        throw ReloadError("version \(snapshot.version) of \(snapshot.app): \(error)")
                    } catch let error as CommandError {
                        throw ReloadError(error.text)
                    } catch {
                        throw ReloadError("\(error)")
                    }
                }
                return releases
            })
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
