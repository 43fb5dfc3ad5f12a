import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP server on loopback that answers every bundle request with whatever the test set last, to play
/// a service (or a proxy) that sends what a real one never would. One request per connection.
final class FakeBundleServer: @unchecked Sendable {
    /// What a bundle request gets.
    struct Answer: Sendable {
        var status = 200
        var etag: String?
        var body = Data()
    }

    let url: URL
    private let listener: Int32
    private let lock = NSLock()
    private var answer = Answer()
    private var bundleRequests = 0
    private var stopped = false

    init() throws {
        let descriptor = socket(AF_INET, Self.streamType, 0)
        guard descriptor >= 0 else { throw FakeServerError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw FakeServerError("bind: \(String(cString: strerror(errno)))")
        }
        listener = descriptor
        url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        Thread { [weak self, listener] in Self.serve(listener) { self } }.start()
    }

    /// Stops accepting connections. Only the first call shuts the listener down: the accept thread closes it
    /// then, and its number may already belong to another server's socket.
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    deinit {
        stop()
    }

    func set(_ answer: Answer) {
        lock.withLock {
            self.answer = answer
            bundleRequests = 0
        }
    }

    /// Bundle requests answered since the last `set`.
    var requestsSinceSet: Int { lock.withLock { bundleRequests } }

    /// The answer for a request line: the bundle for `/v1/apps/…/bundle`, 404 otherwise.
    private func respond(to requestLine: String) -> Data {
        guard requestLine.contains("/bundle") else {
            return Self.response(status: 404, headers: [], body: Data(#"{"title":"Not found"}"#.utf8))
        }
        let answer = lock.withLock {
            bundleRequests += 1
            return self.answer
        }
        return Self.response(status: answer.status, headers: answer.etag.map { [("ETag", $0)] } ?? [], body: answer.body)
    }

    private static func response(status: Int, headers: [(String, String)], body: Data) -> Data {
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : status == 304 ? "Not Modified" : "Other")\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if status != 304 { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        return Data(head.utf8) + (status == 304 ? Data() : body)
    }

    /// Accepts connections until the listener is shut down; `server` is nil once the test dropped it.
    private static func serve(_ listener: Int32, _ server: () -> FakeBundleServer?) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                // A client that gave up before it was accepted is no reason to stop.
                if errno == EINTR || errno == ECONNABORTED { continue }
                close(listener)
                return
            }
            let request = readHead(connection)
            if let server = server(), let line = request.split(separator: "\r\n").first {
                let response = server.respond(to: String(line))
                response.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                        guard sent > 0 else { break }
                        offset += sent
                    }
                }
            }
            close(connection)
        }
    }

    /// The request up to its blank line (requests here have no body).
    private static func readHead(_ connection: Int32) -> String {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[..<count]
            if received.count >= 4, received.suffix(4) == [13, 10, 13, 10] { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif
}

struct FakeServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
