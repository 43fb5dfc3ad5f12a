import CMicroHTTPD
import Foundation
import Synchronization

/// Serves an `HTTPResponder` over HTTP/1.1 with libmicrohttpd: a pool of worker threads, each polling its share of
/// the connections with poll() and calling the responder itself.
///
/// The only code that touches libmicrohttpd. Requests reach the responder on the server's own threads, several at
/// once; `shutdown(timeout:)` stops accepting, lets in-flight requests finish and then stops the daemon.
package final class HTTPServer: Sendable {
    /// How the server listens and what it tolerates from clients.
    package struct Configuration: Sendable {
        /// The TCP port; 0 picks a free one (read it from `HTTPServer.port` after `start()`).
        package var port: Int
        /// A dotted IPv4 address to listen on, such as `127.0.0.1`; nil listens on all interfaces.
        package var bindAddress: String?
        /// Worker threads; 1 serves every connection from MHD's single polling thread.
        ///
        /// A worker runs the responder inline, so one slow response holds up every connection of its worker.
        /// Measured with wrk 2 threads on the same 2-core host (trivial responder, keep-alive, host busy with builds):
        /// 16 connections 1/2/4 workers ≈ 27k/36k/37k req/s; 64 connections ≈ 22k/34k/46k with p50 2.4/1.3/0.9 ms;
        /// 256 connections ≈ 20k/34k/32k; a new connection per request ≈ 8k/6k/6k. The default, 4, was never far
        /// behind 2 and leaves three quarters of the connections moving behind a slow response.
        package var threadPoolSize: Int
        /// Connections served at once; further clients are accepted and closed at once.
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

        /// Defaults chosen for a 2-core host.
        package init(port: Int = 8080, bindAddress: String? = nil, threadPoolSize: Int = 4, connectionLimit: Int = 1024,
                     perIPConnectionLimit: Int? = nil, connectionTimeout: Duration = .seconds(65),
                     maxBodyBytes: Int = 64 * 1024) {
            self.port = port
            self.bindAddress = bindAddress
            self.threadPoolSize = threadPoolSize
            self.connectionLimit = connectionLimit
            self.perIPConnectionLimit = perIPConnectionLimit
            self.connectionTimeout = connectionTimeout
            self.maxBodyBytes = maxBodyBytes
        }
    }

    /// Why the server could not start.
    package enum StartError: Error, Equatable, CustomStringConvertible {
        /// Another socket is bound to the port.
        case portInUse(Int)
        /// `Configuration.bindAddress` is not a dotted IPv4 address.
        case invalidBindAddress(String)
        /// Anything else, with the system's reason.
        case failed(port: Int, reason: String)

        package var description: String {
            switch self {
            case .portInUse(let port): "port \(port) is in use"
            case .invalidBindAddress(let address): "'\(address)' is not an IPv4 address"
            case .failed(let port, let reason): "cannot listen on port \(port): \(reason)"
            }
        }
    }

    /// A started daemon and the listening socket that `MHD_quiesce_daemon` hands back to us.
    private struct Running {
        var daemon: OpaquePointer
        var quiescedSocket: Int32?
    }

    /// The configuration the server was created with.
    package let configuration: Configuration
    private let context: ServerContext
    private let running = Mutex<Running?>(nil)
    private let boundPort = Atomic<Int>(0)

    /// A server for `responder`; call `start()` to listen.
    package init(responder: any HTTPResponder, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        context = ServerContext(responder: responder, maxBodyBytes: configuration.maxBodyBytes)
    }

    deinit {
        if let running = running.withLock({ $0.take() }) { stop(running) }
    }

    /// The port the server listens on; 0 before `start()`.
    package var port: Int { boundPort.load(ordering: .acquiring) }

    /// Binds the port and starts serving on background threads; returns once the socket listens.
    package func start() throws(StartError) {
        let configuration = configuration
        guard (0...Int(UInt16.max)).contains(configuration.port) else {
            throw .failed(port: configuration.port, reason: "not a TCP port")
        }
        var address = in_addr()
        if let bindAddress = configuration.bindAddress, inet_pton(AF_INET, bindAddress, &address) != 1 {
            throw .invalidBindAddress(bindAddress)
        }
        // poll(), not epoll: with epoll, MHD 0.9.75 stopped serving some of 256 busy keep-alive connections
        // (without a pool in about half the runs, with a pool of 2 in about 1 in 12); poll() never did.
        let flags = MHD_USE_POLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_ERROR_LOG.rawValue
        let timeout = configuration.connectionTimeout.components
        let timeoutSeconds = max(timeout.seconds + (timeout.attoseconds > 0 ? 1 : 0), 1)
        try running.withLock { running throws(StartError) in
            precondition(running == nil, "HTTPServer.start() called while running")
            var error: Int32 = 0
            let daemon = cmhd_start(
                flags, UInt16(configuration.port), UInt32(clamping: configuration.threadPoolSize),
                UInt32(clamping: configuration.connectionLimit),
                UInt32(clamping: configuration.perIPConnectionLimit ?? 0), UInt32(clamping: timeoutSeconds),
                32 * 1024, configuration.bindAddress,
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
                if error == EADDRINUSE { throw .portInUse(configuration.port) }
                throw .failed(port: configuration.port, reason: String(cString: strerror(error)))
            }
            running = Running(daemon: daemon, quiescedSocket: nil)
            context.draining.store(false, ordering: .releasing)
            boundPort.store(Int(cmhd_bound_port(daemon)), ordering: .releasing)
        }
    }

    /// Stops accepting connections, waits up to `timeout` for in-flight requests to finish, then stops the daemon.
    ///
    /// New connections are refused from the first moment; responses sent while draining carry `Connection: close`.
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
        MHD_stop_daemon(running.daemon)
        if let socket = running.quiescedSocket { close(socket) }
    }
}

/// What the C callbacks share: the responder and the counters behind graceful shutdown.
private final class ServerContext: Sendable {
    let responder: any HTTPResponder
    let maxBodyBytes: Int
    /// Requests whose headers have arrived and whose response has not been sent yet.
    let inFlight = Atomic<Int>(0)
    let draining = Atomic<Bool>(false)

    init(responder: any HTTPResponder, maxBodyBytes: Int) {
        self.responder = responder
        self.maxBodyBytes = maxBodyBytes
    }

    func requestFinished() { inFlight.subtract(1, ordering: .releasing) }

    /// MHD's access handler, following its three-phase body protocol.
    func handle(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
                slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let opaque = slot.pointee else {
            inFlight.add(1, ordering: .relaxed)
            let state = RequestState()
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
            let declared = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
                .flatMap { UInt64(String(cString: $0)) }
            guard let declared, declared > UInt64(maxBodyBytes) else { return .YES }
            // Answer before the body arrives; MHD then discards the body and closes the connection.
            state.responded = true
            return respond(to: request(connection, url: url, method: method, body: [], tooLarge: true), on: connection)
        }
        let state = Unmanaged<RequestState>.fromOpaque(opaque).takeUnretainedValue()
        if size.pointee > 0 {
            if let data, !state.responded {
                state.append(UnsafeRawBufferPointer(start: data, count: size.pointee), limit: maxBodyBytes)
            }
            size.pointee = 0
            return .YES
        }
        guard !state.responded else { return .YES }
        state.responded = true
        return respond(to: request(connection, url: url, method: method, body: state.body, tooLarge: state.tooLarge),
                       on: connection)
    }

    private func request(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                         body: [UInt8], tooLarge: Bool) -> HTTPRequest {
        // MHD has already split off the query and percent-decoded both the path and the arguments.
        let query = Dictionary(values(connection, .GET_ARGUMENT_KIND)) { first, _ in first }
        let headers = Dictionary(values(connection, .HEADER_KIND).map { ($0.lowercased(), $1) }) { "\($0), \($1)" }
        return HTTPRequest(method: String(cString: method), path: String(cString: url), query: query, headers: headers,
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

    private func respond(to request: HTTPRequest, on connection: OpaquePointer) -> MHD_Result {
        let response = responder.respond(to: request)
        let handle = response.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
        guard let handle else { return .NO }
        defer { MHD_destroy_response(handle) }
        var headers = response.headers.filter { $0.name.lowercased() != "content-length" }
        if draining.load(ordering: .acquiring) { headers.append((name: "Connection", value: "close")) }
        for header in headers {
            guard MHD_add_response_header(handle, header.name, header.value) == .YES else { return .NO }
        }
        return MHD_queue_response(connection, UInt32(clamping: response.status), handle)
    }
}

/// One request's body as it arrives; owned by `*con_cls` from the first handler call to the completed callback.
private final class RequestState {
    private(set) var body: [UInt8] = []
    private(set) var tooLarge = false
    var responded = false

    /// Keeps at most `limit` bytes in all; anything beyond is dropped and remembered.
    func append(_ bytes: UnsafeRawBufferPointer, limit: Int) {
        let room = limit - body.count
        body.append(contentsOf: bytes.prefix(room))
        if bytes.count > room { tooLarge = true }
    }
}
