import Foundation

/// A blocking HTTP/1.1 GET on a connection of its own (`Connection: close`), for benchmarks that watch a server.
enum BenchmarkHTTP {
    /// The status line's code and the `ETag` header of an answer.
    struct Answer {
        var status: Int
        var etag: String?
    }

    static func get(host: String, port: Int, path: String, headers: [String] = []) throws(BenchmarkFailure) -> Answer {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchmarkFailure("socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw BenchmarkFailure("'\(host)' is not an IPv4 address")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            throw BenchmarkFailure("cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
        let request = (["GET \(path) HTTP/1.1", "Host: \(host):\(port)", "Connection: close"] + headers)
            .joined(separator: "\r\n") + "\r\n\r\n"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { throw BenchmarkFailure("send to port \(port) failed") }
            sent += written
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            response += buffer[..<count]
        }
        let head = String(decoding: response.prefix(4096), as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
        let lines = head.components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1."),
              let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            throw BenchmarkFailure("port \(port) answered no HTTP status line")
        }
        let etag = lines.dropFirst().first { $0.lowercased().hasPrefix("etag:") }
            .map { String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces) }
        return Answer(status: status, etag: etag)
    }
}
