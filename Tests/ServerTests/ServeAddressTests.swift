import Foundation
import Testing

/// `tollgate serve` listens on 127.0.0.1 unless `--host` says otherwise, and logs where it really listens.
@Suite("tollgate serve's listen address")
struct ServeAddressTests {
    @Test func theDefaultIsLoopbackAndTheLogNamesThePortBound() async throws {
        let server = try await ServedTollgate()
        let listening = try #require(server.listening)
        let port = try #require(listening["port"] as? Int)
        #expect(port > 0, "--port 0 is logged as the port really bound")
        #expect(listening["address"] as? String == "127.0.0.1")
        #expect(server.url == "http://127.0.0.1:\(port)")
        let health = try await onThread {
            try RawConnection.exchange(port: port, RawConnection.request("GET", "/healthz")).status
        }
        #expect(health == 200)
        for host in nonLoopbackIPv4Addresses() {
            #expect(throws: SocketError(call: "connect", code: ECONNREFUSED), "reachable on \(host)") {
                try RawConnection(host: host, port: port)
            }
        }
        #expect(await server.stop() == 0)
    }

    @Test(.enabled(if: hasIPv6Loopback)) func hostIsHonoured() async throws {
        let server = try await ServedTollgate(options: ["--host", "::1"])
        let listening = try #require(server.listening)
        let port = try #require(listening["port"] as? Int)
        #expect(listening["address"] as? String == "::1")
        #expect(server.url == "http://[::1]:\(port)")
        let health = try await onThread {
            try RawConnection.exchange(host: "::1", port: port, RawConnection.request("GET", "/healthz")).status
        }
        #expect(health == 200)
        #expect(throws: SocketError(call: "connect", code: ECONNREFUSED)) { try RawConnection(port: port) }
        #expect(await server.stop() == 0)
    }
}
