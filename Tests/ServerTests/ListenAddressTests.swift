import Foundation
import Server
import Testing

/// Answers every request with 200 and an empty body.
private struct OKResponder: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPResponse { HTTPResponse(status: 200) }
}

/// This machine's IPv4 addresses outside 127.0.0.0/8, such as a network card's.
func nonLoopbackIPv4Addresses() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var addresses: [String] = []
    var next = first
    while let entry = next {
        next = entry.pointee.ifa_next
        guard let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET else { continue }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
            _ = inet_ntop(AF_INET, &ipv4.pointee.sin_addr, &text, socklen_t(text.count))
        }
        let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !host.hasPrefix("127.") { addresses.append(host) }
    }
    return addresses
}

/// Whether this machine has the IPv6 loopback address.
let hasIPv6Loopback: Bool = {
    let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
        }
    }
}()

/// The status of a GET on a new connection to `host`.
private func status(host: String, port: Int) async throws -> Int {
    try await onThread {
        try RawConnection.exchange(host: host, port: port, RawConnection.request("GET", "/")).status
    }
}

/// Which addresses the server listens on, and that it reports the address and port it really bound.
@Suite("HTTPServer listen addresses")
struct ListenAddressTests {
    @Test func theDefaultIsLoopbackOnly() async throws {
        let server = HTTPServer(responder: OKResponder(), configuration: .init(port: 0))
        try server.start()
        defer { server.shutdown() }
        let address = try #require(server.address)
        #expect(address.host == "127.0.0.1")
        #expect(address.port > 0 && address.port == server.port, "port 0 is reported as the port really bound")
        #expect(address.url == "http://127.0.0.1:\(address.port)")
        #expect(try await status(host: "127.0.0.1", port: address.port) == 200)
        for host in nonLoopbackIPv4Addresses() {
            #expect(throws: SocketError(call: "connect", code: ECONNREFUSED), "reachable on \(host)") {
                try RawConnection(host: host, port: address.port)
            }
        }
    }

    @Test func everyIPv4InterfaceWhenAsked() async throws {
        let server = HTTPServer(responder: OKResponder(), configuration: .init(port: 0, host: "0.0.0.0"))
        try server.start()
        defer { server.shutdown() }
        let port = server.port
        #expect(server.address == HTTPServer.Address(host: "0.0.0.0", port: port))
        #expect(try await status(host: "127.0.0.1", port: port) == 200)
        for host in nonLoopbackIPv4Addresses() {
            #expect(try await status(host: host, port: port) == 200, "unreachable on \(host)")
        }
    }

    @Test(.enabled(if: hasIPv6Loopback)) func anIPv6Address() async throws {
        let server = HTTPServer(responder: OKResponder(), configuration: .init(port: 0, host: "::1"))
        try server.start()
        defer { server.shutdown() }
        let port = server.port
        #expect(server.address?.host == "::1")
        #expect(server.address?.description == "[::1]:\(port)")
        #expect(server.address?.url == "http://[::1]:\(port)")
        #expect(try await status(host: "::1", port: port) == 200)
        #expect(throws: SocketError(call: "connect", code: ECONNREFUSED)) { try RawConnection(port: port) }
    }

    @Test(.enabled(if: hasIPv6Loopback)) func theIPv6AnyAddressTakesIPv4ClientsToo() async throws {
        let server = HTTPServer(responder: OKResponder(), configuration: .init(port: 0, host: "::"))
        try server.start()
        defer { server.shutdown() }
        let port = server.port
        #expect(server.address?.host == "::")
        #expect(try await status(host: "::1", port: port) == 200)
        #expect(try await status(host: "127.0.0.1", port: port) == 200)
    }

    @Test func aHostNameIsResolvedToItsIPv4Address() async throws {
        let server = HTTPServer(responder: OKResponder(), configuration: .init(port: 0, host: "localhost"))
        try server.start()
        defer { server.shutdown() }
        #expect(server.address?.host == "127.0.0.1")
        #expect(try await status(host: "127.0.0.1", port: server.port) == 200)
    }
}
