import Foundation

/// Many requests at once, one per connection to 127.0.0.1, their responses read by one poll() loop: a load-test
/// client with no thread per connection.
final class PolledClients {
    private let descriptors: [Int32]

    /// Opens `count` connections to `port` and sends `request` on each.
    init(port: Int, count: Int, request: [UInt8]) throws {
        var opened: [Int32] = []
        do {
            for _ in 0..<count {
                let descriptor = try Self.connect(port: port)
                opened.append(descriptor)
                try Self.send(request, on: descriptor)
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
        } catch {
            for descriptor in opened { close(descriptor) }
            throw error
        }
        descriptors = opened
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }

    /// One response per connection, in the connections' order. Throws when `deadline` passes first, or when a
    /// connection closes before its response is whole.
    func responses(by deadline: ContinuousClock.Instant) throws -> [RawResponse] {
        var buffers = [[UInt8]](repeating: [], count: descriptors.count)
        var answers = [RawResponse?](repeating: nil, count: descriptors.count)
        var waiting = Set(descriptors.indices)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while !waiting.isEmpty {
            guard ContinuousClock.now < deadline else {
                throw SocketError(call: "poll (\(waiting.count) responses missing at the deadline)", code: ETIMEDOUT)
            }
            let order = Array(waiting)
            var polled = order.map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), 100)
            guard ready >= 0 else {
                if errno == EINTR { continue }
                throw SocketError(call: "poll", code: errno)
            }
            for (index, entry) in zip(order, polled) where entry.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { continue }
                guard count > 0 else {
                    throw SocketError(call: "recv (closed before the response was whole)", code: count < 0 ? errno : 0)
                }
                buffers[index] += chunk[..<count]
                if let (response, _) = RawResponse.parse(buffers[index]) {
                    answers[index] = response
                    waiting.remove(index)
                }
            }
        }
        return answers.map { $0! }
    }

    private static func connect(port: Int) throws -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(call: "socket", code: errno) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(call: "connect", code: code)
        }
        return descriptor
    }

    private static func send(_ bytes: [UInt8], on descriptor: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw SocketError(call: "send", code: errno) }
            offset += sent
        }
    }
}

extension RawResponse {
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The response at the start of `bytes` and the number of bytes it takes, its body delimited by
    /// Content-Length; nil while incomplete, or when the bytes are no HTTP response.
    static func parse(_ bytes: [UInt8]) -> (response: RawResponse, length: Int)? {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.count >= 4,
              let end = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4].elementsEqual(separator) })
        else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let headers = head.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (name: line[..<colon].lowercased(),
                    value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name == "content-length" }.flatMap { Int($0.value) } ?? 0
        let parts = head[0].split(separator: " ")
        guard length >= 0, bytes.count >= end + 4 + length, parts.count >= 2, let status = Int(parts[1]) else {
            return nil
        }
        return (RawResponse(status: status, headers: headers, body: Array(bytes[(end + 4)..<(end + 4 + length)])),
                end + 4 + length)
    }
}

/// Raises this process's soft limit on open files to its hard limit, for tests that open thousands of sockets.
func raiseDescriptorLimit() {
    var limits = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0, limits.rlim_cur < limits.rlim_max
    else { return }
    limits.rlim_cur = limits.rlim_max
    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits)
}
