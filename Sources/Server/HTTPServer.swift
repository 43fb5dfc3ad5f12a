import CMicroHTTPD
import Foundation
import Synchronization

/// Serves an `HTTPResponder` over HTTP/1.1 with libmicrohttpd: a pool of worker threads, each polling its share of
/// the connections with poll() and calling the responder itself.
///
/// The only code that touches libmicrohttpd. Requests reach the responder on the server's own threads, several at
/// once; `shutdown(timeout:)` stops accepting, lets in-flight requests finish and then stops the daemon.
///
/// A responder may answer later (`HTTPAnswer.later`): the connection is then suspended, holding no thread, until
/// the deferred response is completed from any thread, its deadline passes, or the server shuts down.
package final class HTTPServer: Sendable {
    /// How the server listens and what it tolerates from clients.
    package struct Configuration: Sendable {
        /// The TCP port; 0 picks a free one (read it from `HTTPServer.address` after `start()`).
        package var port: Int
        /// What to listen on: an IPv4 address (`127.0.0.1`, `0.0.0.0` for every interface), an IPv6 address (`::1`;
        /// `::` takes every interface, IPv4 clients too) or a host name, resolved at start with IPv4 preferred.
        package var host: String
        /// Worker threads, each polling its share of the connections with poll(); 1 serves every connection from
        /// MHD's single polling thread.
        ///
        /// A worker runs the responder inline, so one slow response (a publish, a first render in a new locale) holds
        /// up every connection of its worker. The default is one worker per core of the 2-core host it was measured
        /// on: `POST evaluate` under wrk -t2 on the same cores, each run next to nginx serving a static file, the
        /// host busy with other builds (so single runs vary by ±30 %; ratios are to nginx's run just before):
        ///
        /// | MHD mode | CPU/request vs nginx, 32 / 4 connections | context switches per request, 32 / 4 (perf stat) |
        /// | --- | --- | --- |
        /// | poll, 4 workers, 32 KiB per connection (before) | 1.66–1.81 / 1.85–1.95 | 0.32 / 0.84 |
        /// | poll, 4 workers, 16 KiB | 1.67–2.00 / 1.82–1.93 | 0.19 / 1.02 |
        /// | poll, 2 workers, 16 KiB | 1.74–1.82 / 1.36–1.42 | 0.22 / 0.47 |
        /// | poll, 1 worker | no better than 2 at 32 connections | 0.50 / 0.64 |
        /// | epoll, 2 workers, 16 KiB | 1.54–1.82 / 1.27–1.77 | 0.19 / 0.68 |
        ///
        /// With 4 connections, 4 workers each wake for nearly every request (a context switch each); 2 workers,
        /// one per core, switch half as often, which is most of the difference in CPU. epoll measured no better than
        /// poll and is not used: with epoll, MHD 0.9.75 stopped serving some of 256 busy keep-alive connections
        /// (without a pool in about half the runs, with a pool of 2 in about 1 in 12); poll() never did. Turbo mode
        /// (`MHD_USE_TURBO`) changed nothing measurable: a request costs recv, sendmsg and the log line's write
        /// either way. Earlier, with a trivial responder: 64 connections 1/2/4 workers ≈ 22k/34k/46k req/s,
        /// 256 connections ≈ 20k/34k/32k, a new connection per request ≈ 8k/6k/6k.
        package var threadPoolSize: Int
        /// Connections served at once, held long polls included; further clients wait in the listening socket's
        /// backlog until one ends.
        ///
        /// A held connection costs a file descriptor and `connectionMemory`, no thread, so the default, 10,000, lets
        /// thousands of clients long-poll. `start()` raises the process's soft descriptor limit (`ulimit -n`) as far
        /// as its hard limit allows and serves fewer connections, saying so in the log, when the descriptors
        /// would run out first: 128 are kept for everything else the process opens.
        package var connectionLimit: Int
        /// Connections per client address; nil for no limit, the right choice behind a proxy or load balancer.
        package var perIPConnectionLimit: Int?
        /// How long a connection may stay idle (no bytes either way) before it is closed, rounded up to whole seconds.
        ///
        /// It drops clients that connect and stall; one trickling a byte at a time stays until `connectionLimit` or
        /// `perIPConnectionLimit` stops it. The default outlasts nginx's 60 s upstream keep-alive, so a proxy never
        /// reuses a connection the server is closing.
        package var connectionTimeout: Duration
        /// The largest request body kept; a longer one sets `HTTPRequest.bodyTooLarge` and the rest is discarded.
        package var maxBodyBytes: Int
        /// The memory each connection reads its request into and writes its response header from
        /// (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`); header fields that do not fit are answered 431.
        ///
        /// MHD zeroes all of it before every request on a keep-alive connection: at 32 KiB that memset was 5 % of
        /// the CPU of an evaluation (perf), at 16 KiB 2.7 %. 16 KiB still takes about 12 KiB of header fields, as
        /// much as common proxies pass on, and a body arrives in pieces of any size.
        package var connectionMemory: Int

        /// Defaults chosen for a 2-core host.
        package init(port: Int = 8080, host: String = "127.0.0.1", threadPoolSize: Int = 2,
                     connectionLimit: Int = 10_000, perIPConnectionLimit: Int? = nil, connectionTimeout: Duration = .seconds(65),
                     maxBodyBytes: Int = 64 * 1024, connectionMemory: Int = 16 * 1024) {
            self.port = port
            self.host = host
            self.threadPoolSize = threadPoolSize
            self.connectionLimit = connectionLimit
            self.perIPConnectionLimit = perIPConnectionLimit
            self.connectionTimeout = connectionTimeout
            self.maxBodyBytes = maxBodyBytes
            self.connectionMemory = connectionMemory
        }
    }

    /// Where a started server listens, read back from its socket.
    package struct Address: Sendable, Equatable, CustomStringConvertible {
        /// The address in its usual text form, such as `127.0.0.1` or `::1`.
        package var host: String
        package var port: Int

        package init(host: String, port: Int) {
            self.host = host
            self.port = port
        }

        /// `127.0.0.1:8080`, or `[::1]:8080` for an IPv6 address.
        package var description: String {
            host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
        }

        /// The server's base URL, such as `http://127.0.0.1:8080`.
        package var url: String { "http://\(description)" }
    }

    /// Why the server could not start.
    package enum StartError: Error, Equatable, CustomStringConvertible {
        /// Another socket is bound to the address and port, given as `host:port`.
        case addressInUse(String)
        /// The address is not one of this machine's, given as `host:port`.
        case addressNotAvailable(String)
        /// `Configuration.host` is neither an IP address nor a name the resolver knows; with the resolver's reason.
        case unknownHost(String, reason: String)
        /// `Configuration.port` is outside 0...65535.
        case invalidPort(Int)
        /// Anything else, with where it tried to listen and the system's reason.
        case failed(String, reason: String)

        package var description: String {
            switch self {
            case .addressInUse(let address): "cannot listen on \(address): the address is in use"
            case .addressNotAvailable(let address):
                "cannot listen on \(address): the address does not belong to this machine"
            case .unknownHost(let host, let reason): "cannot listen on '\(host)': \(reason)"
            case .invalidPort(let port): "\(port) is not a TCP port; expected a number from 0 to 65535"
            case .failed(let address, let reason): "cannot listen on \(address): \(reason)"
            }
        }
    }

    /// A started daemon and the listening socket that `MHD_quiesce_daemon` hands back to us.
    private struct Running {
        var daemon: OpaquePointer
        var quiescedSocket: Int32?
        /// The connection limit the daemon was started with, after `ConnectionBudget`.
        var connectionLimit: Int
    }

    /// The configuration the server was created with.
    package let configuration: Configuration
    private let context: ServerContext
    private let running = Mutex<Running?>(nil)
    private let bound = Mutex<Address?>(nil)

    /// A server for `responder`; call `start()` to listen. `log` receives libmicrohttpd's messages while serving,
    /// such as a connection refused because the connection limit is reached.
    package init(responder: any HTTPResponder, configuration: Configuration = Configuration(),
                 log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = configuration
        context = ServerContext(responder: responder, maxBodyBytes: configuration.maxBodyBytes, log: log)
    }

    deinit {
        if let running = running.withLock({ $0.take() }) { stop(running) }
    }

    /// The address and port the server listens on, read back from its socket; nil before `start()`.
    package var address: Address? { bound.withLock { $0 } }

    /// The connections served at once: `Configuration.connectionLimit`, or fewer when the process may not open
    /// that many files; nil when not running.
    package var connectionLimit: Int? { running.withLock { $0?.connectionLimit } }

    /// The port the server listens on; 0 before `start()`.
    package var port: Int { address?.port ?? 0 }

    /// Binds the address and starts serving on background threads; returns where it listens once the socket does.
    @discardableResult
    package func start() throws(StartError) -> Address {
        let configuration = configuration
        guard let port = UInt16(exactly: configuration.port) else { throw .invalidPort(configuration.port) }
        var socketAddress = sockaddr_storage()
        let resolved = cmhd_resolve(configuration.host, port, &socketAddress)
        guard resolved == 0 else {
            throw .unknownHost(configuration.host, reason: String(cString: gai_strerror(resolved)).lowercased())
        }
        let requested = Address(host: configuration.host, port: configuration.port).description
        // poll(), not epoll: with epoll, MHD 0.9.75 stopped serving some of 256 busy keep-alive connections
        // (without a pool in about half the runs, with a pool of 2 in about 1 in 12); poll() never did.
        let flags = MHD_USE_POLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let connectionLimit = ConnectionBudget.limit(wanting: configuration.connectionLimit)
        if connectionLimit < configuration.connectionLimit {
            context.log("serving at most \(connectionLimit) connections at once, not \(configuration.connectionLimit): "
                + "the process may open only \(connectionLimit + ConnectionBudget.reserve) files; raise its limit "
                + "(ulimit -n) to serve more")
        }
        let timeout = configuration.connectionTimeout.components
        let timeoutSeconds = max(timeout.seconds + (timeout.attoseconds > 0 ? 1 : 0), 1)
        return try running.withLock { running throws(StartError) in
            precondition(running == nil, "HTTPServer.start() called while running")
            var error: Int32 = 0
            // A failed start is reported by the error thrown; MHD's own line about it would only repeat it.
            context.starting.store(true, ordering: .releasing)
            defer { context.starting.store(false, ordering: .releasing) }
            let daemon = cmhd_start(
                flags, &socketAddress, UInt32(clamping: configuration.threadPoolSize),
                UInt32(clamping: connectionLimit),
                UInt32(clamping: configuration.perIPConnectionLimit ?? 0), UInt32(clamping: timeoutSeconds),
                configuration.connectionMemory, context.logger,
                { cls, connection, url, method, _, data, size, slot in
                    guard let cls, let connection, let url, let method, let size, let slot else { return .NO }
                    return Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
                        .handle(connection, url: url, method: method, data: data, size: size, slot: slot)
                },
                { cls, _, slot, _ in
                    guard let cls, let slot, let state = slot.pointee else { return }
                    Unmanaged<RequestState>.fromOpaque(state).release()
                    slot.pointee = nil
                    Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().requestFinished()
                },
                Unmanaged.passUnretained(context).toOpaque(), &error)
            guard let daemon else {
                switch error {
                case EADDRINUSE: throw .addressInUse(requested)
                case EADDRNOTAVAIL: throw .addressNotAvailable(requested)
                default: throw .failed(requested, reason: String(cString: strerror(error)).lowercased())
                }
            }
            running = Running(daemon: daemon, quiescedSocket: nil, connectionLimit: connectionLimit)
            context.draining.store(false, ordering: .releasing)
            context.held.open()
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            let boundPort = cmhd_bound_address(daemon, &text, text.count)
            let address = boundPort < 0
                ? Address(host: configuration.host, port: configuration.port)
                : Address(host: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                          port: Int(boundPort))
            bound.withLock { $0 = address }
            return address
        }
    }

    /// Stops accepting connections, waits up to `timeout` for in-flight requests to finish, then stops the daemon.
    ///
    /// New connections are refused from the first moment; responses sent while draining carry `Connection: close`.
    /// Held requests are answered at once with their fallback, so a long poll never delays the drain.
    /// A responder still running at the timeout is not interrupted: stopping waits for it, then drops its connection.
    /// - Returns: whether every in-flight request finished within `timeout`.
    @discardableResult
    package func shutdown(timeout: Duration = .seconds(10)) -> Bool {
        guard var current = running.withLock({ $0.take() }) else { return true }
        context.draining.store(true, ordering: .releasing)
        let socket = MHD_quiesce_daemon(current.daemon)
        if socket >= 0 {
            // Stop the kernel from queueing connections nobody will accept; the descriptor is closed after the
            // daemon stops, as MHD's threads may still hold it until then.
            Glibc.shutdown(socket, Int32(SHUT_RDWR))
            current.quiescedSocket = socket
        }
        context.releaseHeld()
        let deadline = ContinuousClock.now + timeout
        while context.inFlight.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let drained = context.inFlight.load(ordering: .acquiring) == 0
        stop(current)
        return drained
    }

    /// Blocks until SIGTERM or SIGINT, then shuts down gracefully and returns; a second signal while draining
    /// ends the process at once.
    package func runUntilSignalled(shutdownTimeout: Duration = .seconds(10)) {
        let received = DispatchSemaphore(value: 0)
        let sources = [SIGTERM, SIGINT].map { number in
            // The dispatch source sees the signal only while its default action (terminate) is off.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { received.signal() }
            source.resume()
            return source
        }
        received.wait()
        for source in sources { source.cancel() }
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
        shutdown(timeout: shutdownTimeout)
    }

    private func stop(_ running: Running) {
        // MHD must not stop with a connection suspended: wake every one that is still held.
        context.releaseHeld()
        MHD_stop_daemon(running.daemon)
        if let socket = running.quiescedSocket { close(socket) }
    }
}

/// What the C callbacks share: the responder, the counters behind graceful shutdown, and the log.
private final class ServerContext: Sendable {
    let responder: any HTTPResponder
    let maxBodyBytes: Int
    /// Requests whose headers have arrived and whose response has not been sent yet.
    let inFlight = Atomic<Int>(0)
    let draining = Atomic<Bool>(false)
    /// The requests answered later whose connections are suspended.
    let held = HeldRequests()
    /// True while `start()` runs; MHD's messages are dropped then.
    let starting = Atomic<Bool>(false)
    let log: @Sendable (String) -> Void
    /// Where MHD sends its messages: `forward(_:)` on this context. Written once in `init`, freed in `deinit`.
    nonisolated(unsafe) let logger: UnsafeMutablePointer<cmhd_logger>

    init(responder: any HTTPResponder, maxBodyBytes: Int, log: @escaping @Sendable (String) -> Void) {
        self.responder = responder
        self.maxBodyBytes = maxBodyBytes
        self.log = log
        logger = .allocate(capacity: 1)
        logger.initialize(to: cmhd_logger(function: { cls, message in
            guard let cls, let message else { return }
            Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().forward(String(cString: message))
        }, cls: nil))
        logger.pointee.cls = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        logger.deinitialize(count: 1)
        logger.deallocate()
    }

    private func forward(_ message: String) {
        guard !starting.load(ordering: .acquiring) else { return }
        log(message)
    }

    func requestFinished() { inFlight.subtract(1, ordering: .releasing) }

    /// Stops holding requests and answers every one still held with its fallback, waking its connection.
    func releaseHeld() {
        for deferred in held.close() { deferred.complete(deferred.fallback) }
    }

    /// MHD's access handler, following its three-phase body protocol.
    func handle(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
                slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let opaque = slot.pointee else {
            inFlight.add(1, ordering: .relaxed)
            let state = RequestState(limit: responder.bodyLimit(path: String(cString: url)) ?? maxBodyBytes)
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
            let declared = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
                .flatMap { UInt64(String(cString: $0)) }
            guard let declared, declared > UInt64(state.limit) else { return .YES }
            // Answer before the body arrives; MHD then discards the body and closes the connection.
            state.responded = true
            return respond(to: request(connection, url: url, method: method, body: [], tooLarge: true), on: connection,
                           state: state)
        }
        let state = Unmanaged<RequestState>.fromOpaque(opaque).takeUnretainedValue()
        if let deferred = state.deferred {
            // Called again after the connection was resumed: send what the deferred response was completed with.
            guard let response = deferred.take() else { return .YES }
            state.deferred = nil
            return queue(response, on: connection)
        }
        if size.pointee > 0 {
            if let data, !state.responded {
                state.append(UnsafeRawBufferPointer(start: data, count: size.pointee))
            }
            size.pointee = 0
            return .YES
        }
        guard !state.responded else { return .YES }
        state.responded = true
        return respond(to: request(connection, url: url, method: method, body: state.body, tooLarge: state.tooLarge),
                       on: connection, state: state)
    }

    private func request(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                         body: [UInt8], tooLarge: Bool) -> HTTPRequest {
        // MHD has already split off the query and percent-decoded both the path and the arguments.
        let query = Dictionary(values(connection, .GET_ARGUMENT_KIND)) { first, _ in first }
        var fields = HTTPHeaderFields()
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
                guard let cls, let key else { return .YES }
                let name = UnsafeRawPointer(key).assumingMemoryBound(to: UInt8.self)
                let text = value.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
                cls.assumingMemoryBound(to: HTTPHeaderFields.self).pointee.append(
                    name: UnsafeBufferPointer(start: name, count: strlen(key)),
                    value: UnsafeBufferPointer(start: text, count: value.map { strlen($0) } ?? 0))
                return .YES
            }, pointer)
        }
        return HTTPRequest(method: String(cString: method), path: String(cString: url), query: query, fields: fields,
                           body: body, bodyTooLarge: tooLarge)
    }

    private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(String, String)] {
        var pairs: [(String, String)] = []
        withUnsafeMutablePointer(to: &pairs) { pointer in
            _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
                guard let cls, let key else { return .YES }
                cls.assumingMemoryBound(to: [(String, String)].self).pointee
                    .append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                return .YES
            }, pointer)
        }
        return pairs
    }

    private func respond(to request: HTTPRequest, on connection: OpaquePointer, state: RequestState) -> MHD_Result {
        switch responder.answer(to: request) {
        case .now(let response):
            return queue(response, on: connection)
        case .later(let deferred):
            // Held before suspending: a shutdown in between answers it, and `attach` then resumes at once.
            guard held.add(deferred) else { return queue(deferred.fallback, on: connection) }
            state.deferred = deferred
            MHD_suspend_connection(connection)
            let parked = ParkedConnection(pointer: connection)
            deferred.attach { MHD_resume_connection(parked.pointer) }
            return .YES
        }
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let handle = response.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
        guard let handle else { return .NO }
        defer { MHD_destroy_response(handle) }
        // MHD writes Content-Length itself.
        for header in response.headers where !Self.isContentLength(header.name) {
            guard MHD_add_response_header(handle, header.name, header.value) == .YES else { return .NO }
        }
        if draining.load(ordering: .acquiring) {
            guard MHD_add_response_header(handle, "Connection", "close") == .YES else { return .NO }
        }
        return MHD_queue_response(connection, UInt32(clamping: response.status), handle)
    }

    /// Whether a header name is `Content-Length`, in any case.
    static func isContentLength(_ name: String) -> Bool {
        name.utf8.count == 14 && zip(name.utf8, "content-length".utf8).allSatisfy { byte, lower in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == lower : byte == lower
        }
    }
}

/// A suspended connection, woken from whichever thread completes its deferred response.
private struct ParkedConnection: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// One request's body as it arrives; owned by `*con_cls` from the first handler call to the completed callback.
private final class RequestState {
    /// The most body bytes kept: the responder's limit for the path, else the server's.
    let limit: Int
    private(set) var body: [UInt8] = []
    private(set) var tooLarge = false
    var responded = false
    /// The answer to come while the connection is suspended.
    var deferred: DeferredResponse?

    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps at most `limit` bytes in all; anything beyond is dropped and remembered.
    func append(_ bytes: UnsafeRawBufferPointer) {
        let room = limit - body.count
        body.append(contentsOf: bytes.prefix(room))
        if bytes.count > room { tooLarge = true }
    }
}
