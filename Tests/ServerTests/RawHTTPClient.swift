import Foundation

/// A failed socket call in the test client, with its errno.
struct SocketError: Error, Equatable, CustomStringConvertible {
    var call: String
    var code: Int32

    var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// A response as the test client read it off the wire.
struct RawResponse: Sendable {
    var status: Int
    /// Header fields in order, names lowercased.
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}

/// A blocking HTTP/1.1 client over one TCP connection (to 127.0.0.1 unless told otherwise), for edge cases
/// URLSession cannot produce: idle and half-sent requests, chunked bodies, headers without the promised body.
final class RawConnection {
    private let descriptor: Int32
    private var buffered: [UInt8] = []

    /// Connects to `host`, an IPv4 or IPv6 address; each later read gives up after `receiveTimeout` seconds, so a
    /// hung server fails the test instead of hanging it.
    init(host: String = "127.0.0.1", port: Int, receiveTimeout: Int = 10) throws {
        var address = sockaddr_storage()
        let length: Int
        if host.contains(":") {
            length = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                    ipv6.pointee.sin6_family = sa_family_t(AF_INET6)
                    ipv6.pointee.sin6_port = in_port_t(UInt16(port).bigEndian)
                    return inet_pton(AF_INET6, host, &ipv6.pointee.sin6_addr) == 1 ? MemoryLayout<sockaddr_in6>.size : 0
                }
            }
        } else {
            length = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                    ipv4.pointee.sin_family = sa_family_t(AF_INET)
                    ipv4.pointee.sin_port = in_port_t(UInt16(port).bigEndian)
                    return inet_pton(AF_INET, host, &ipv4.pointee.sin_addr) == 1 ? MemoryLayout<sockaddr_in>.size : 0
                }
            }
        }
        guard length > 0 else { throw SocketError(call: "inet_pton \(host)", code: EINVAL) }
        // Initialised last, so a failed connect is closed here once and `deinit` never sees it: a second close
        // could hit a descriptor the server under test has since reused.
        let descriptor = socket(Int32(address.ss_family), Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(call: "socket", code: errno) }
        // A signal (a child process of another test ending) may interrupt the call: the connection then goes on
        // being made, and asking again says when it is (EISCONN) or that it still is being made (EALREADY).
        var code: Int32 = 0
        repeat {
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(length)) }
            }
            code = connected == 0 ? 0 : errno
            if code == EALREADY { usleep(1_000) }
        } while code == EINTR || code == EALREADY
        guard code == 0 || code == EISCONN else {
            close(descriptor)
            throw SocketError(call: "connect", code: code)
        }
        var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { throw SocketError(call: "send", code: errno) }
            offset += sent
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads one response, its body delimited by Content-Length; throws when the connection closes first.
    func readResponse() throws -> RawResponse {
        while true {
            if let (response, length) = RawResponse.parse(buffered) {
                buffered.removeFirst(length)
                return response
            }
            if try !fill() { throw SocketError(call: "recv (closed before the response was whole)", code: 0) }
        }
    }

    /// Reads until the server closes the connection; what arrived before that.
    func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffered = [] }
        return buffered
    }

    /// One recv; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var count = 0
        repeat {
            count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        } while count < 0 && errno == EINTR
        guard count >= 0 else { throw SocketError(call: "recv", code: errno) }
        buffered += chunk[..<count]
        return count > 0
    }
}

extension RawConnection {
    /// The bytes of a request with a Host field, a Content-Length for a body, and `extra` header lines.
    static func request(_ method: String, _ target: String, headers extra: [String] = [], body: [UInt8]? = nil,
                        close: Bool = true) -> [UInt8] {
        var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"] + extra
        if let body { lines.append("Content-Length: \(body.count)") }
        if close { lines.append("Connection: close") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + (body ?? [])
    }

    /// Sends one request on a new connection and reads its response.
    static func exchange(host: String = "127.0.0.1", port: Int, _ request: [UInt8]) throws -> RawResponse {
        let connection = try RawConnection(host: host, port: port)
        try connection.send(request)
        return try connection.readResponse()
    }
}

/// Runs blocking socket work on its own thread, off the cooperative pool, and awaits its result.
func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
