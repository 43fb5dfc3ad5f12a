import Foundation
import Testing

/// A TCP server on 127.0.0.1 that speaks just enough of PostgreSQL's wire protocol (version 3) to ask each client
/// for its password in clear text and refuse it, as a server does when the password is wrong. The test cluster
/// trusts every local connection, so it cannot refuse a password itself.
final class PasswordRefusingServer: Sendable {
    private let listener: Listener

    var port: Int { listener.port }

    init() throws {
        let listener = try Listener(backlog: 8)
        self.listener = listener
        // The thread holds the listener, so its descriptor stays open, and its number cannot pass to another
        // test's socket, until the thread's last `accept` has returned.
        Thread.detachNewThread {
            while true {
                let client = accept(listener.descriptor, nil, nil)
                guard client >= 0 else { return }
                Self.refuse(client)
                close(client)
            }
        }
    }

    deinit {
        stop()
    }

    /// Stops accepting connections.
    func stop() {
        listener.shutdown()
    }

    /// Answers one client: no to SSL and GSS encryption, a request for its password after its startup message, then
    /// the error PostgreSQL sends for a wrong password.
    private static func refuse(_ client: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var user = "?"
        while true {
            guard let length = readInt32(client), length >= 8, length < 10_000,
                  let body = read(client, count: Int(length) - 4) else { return }
            let code = body.prefix(4).reduce(0) { $0 << 8 | Int32($1) }
            if code == 80_877_103 || code == 80_877_104 {  // SSLRequest, GSSENCRequest
                guard write(client, Array("N".utf8)) else { return }
                continue
            }
            let fields = body.dropFirst(4).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if let index = fields.firstIndex(of: "user"), index + 1 < fields.count { user = fields[index + 1] }
            break
        }
        guard write(client, message("R", int32(3))),  // AuthenticationCleartextPassword
              read(client, count: 1) == Array("p".utf8), let length = readInt32(client), length >= 4,
              read(client, count: Int(length) - 4) != nil else { return }
        let fields: [(code: String, value: String)] = [
            ("S", "FATAL"), ("V", "FATAL"), ("C", "28P01"), ("M", "password authentication failed for user \"\(user)\""),
        ]
        let error: [UInt8] = fields.flatMap { field -> [UInt8] in Array((field.code + field.value).utf8) + [0] } + [0]
        _ = write(client, message("E", error))
    }

    private static func message(_ type: String, _ body: [UInt8]) -> [UInt8] {
        Array(type.utf8) + int32(Int32(body.count + 4)) + body
    }

    private static func int32(_ value: Int32) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    private static func readInt32(_ client: Int32) -> Int32? {
        read(client, count: 4).map { $0.reduce(0) { $0 << 8 | Int32($1) } }
    }

    /// Exactly `count` bytes, or nil when the client closed or stayed silent.
    private static func read(_ client: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { recv(client, $0.baseAddress! + done, count - done, 0) }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    private static func write(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { send(client, $0.baseAddress!, bytes.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }
}
