import Foundation
import Testing

/// A TCP socket listening on 127.0.0.1 and a free port, closed on deinit: a port another program holds.
final class Listener: Sendable {
    let port: Int
    let descriptor: Int32

    /// Listens with room for `backlog` connections not yet accepted.
    init(backlog: Int32 = 1) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0, "socket: \(String(cString: strerror(errno)))")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, backlog) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        let error = errno
        if !listening { close(descriptor) }
        try #require(listening, "cannot listen on 127.0.0.1: \(String(cString: strerror(error)))")
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Stops accepting: a thread blocked in `accept` returns.
    func shutdown() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    deinit { close(descriptor) }
}
