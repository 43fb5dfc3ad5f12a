package import Server

/// What keeps other web sites out of a studio on a local port: a request must name the studio itself in `Host`
/// (its address and port, or `localhost` with the port), against DNS rebinding; and a request that changes
/// something (save, publish) must come from the studio's own page when it says where it comes from (`Origin`).
package struct StudioGuard: Sendable, Hashable {
    /// The `Host` values accepted: `127.0.0.1:8090`, `localhost:8090`, `[::1]:8090`.
    package var hosts: Set<String>

    package init(address: HTTPServer.Address) {
        let host = address.host.contains(":") ? "[\(address.host)]" : address.host
        hosts = [host + ":\(address.port)", "localhost:\(address.port)"]
    }

    /// Why `request` is refused, or nil when it may go on.
    package func refusal(_ request: HTTPRequest) -> String? {
        guard let host = request.header("host")?.lowercased(), hosts.contains(host) else {
            return "the studio answers only requests for " + hosts.sorted().joined(separator: " or ")
        }
        guard !["GET", "HEAD", "OPTIONS"].contains(request.method), let origin = request.header("origin") else {
            return nil
        }
        return hosts.contains(where: { "http://" + $0 == origin.lowercased() }) ? nil
            : "a change must come from the studio's own page, not from \(origin.prefix(100))"
    }
}
