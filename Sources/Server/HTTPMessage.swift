/// An HTTP request as the router sees it: no sockets, no C types.
package struct HTTPRequest: Sendable {
    package var method: String
    /// The path without the query, percent-decoded: `/v1/apps/photocollage/bundle`.
    package var path: String
    /// The query's parameters, percent-decoded; the first of repeated names wins.
    package var query: [String: String]
    /// Header fields by lowercased name.
    package var headers: [String: String]
    package var body: [UInt8]
    /// Set by the server when the body was longer than its limit; the rest of it was discarded.
    package var bodyTooLarge: Bool

    package init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                 body: [UInt8] = [], bodyTooLarge: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }

    /// The value of a header field, by case-insensitive name.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// An HTTP response: status, header fields in order, body.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header field, by case-insensitive name.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// What a responder gives for a request: a response now, or one it completes later from any thread.
package enum HTTPAnswer: Sendable {
    case now(HTTPResponse)
    case later(DeferredResponse)
}

/// Answers requests; the server calls it from many threads at once.
package protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// What the server sends; by default `respond(to:)` at once.
    func answer(to request: HTTPRequest) -> HTTPAnswer
}

extension HTTPResponder {
    package func answer(to request: HTTPRequest) -> HTTPAnswer { .now(respond(to: request)) }
}
