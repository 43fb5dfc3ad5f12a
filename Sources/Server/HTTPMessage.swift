/// An HTTP request as the router sees it: no sockets, no C types.
package struct HTTPRequest: Sendable {
    package var method: String
    /// The path without the query, percent-decoded: `/v1/apps/photocollage/bundle`.
    package var path: String
    /// The query's parameters, percent-decoded; the first of repeated names wins.
    package var query: [String: String]
    /// The header fields as received.
    package var fields: HTTPHeaderFields
    package var body: [UInt8]
    /// Set by the server when the body was longer than its limit; the rest of it was discarded.
    package var bodyTooLarge: Bool

    /// A request with one header field per name of `headers`.
    package init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                 body: [UInt8] = [], bodyTooLarge: Bool = false) {
        self.init(method: method, path: path, query: query, fields: HTTPHeaderFields(headers), body: body,
                  bodyTooLarge: bodyTooLarge)
    }

    /// A request with its header fields as received.
    package init(method: String, path: String, query: [String: String], fields: HTTPHeaderFields, body: [UInt8],
                 bodyTooLarge: Bool) {
        self.method = method
        self.path = path
        self.query = query
        self.fields = fields
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }

    /// Header fields by lowercased name, repeated fields joined with ", "; made when read, so a responder that
    /// needs a field or two asks `header(_:)`.
    package var headers: [String: String] { fields.dictionary }

    /// The value of a header field, by case-insensitive name; repeated fields joined with ", ".
    package func header(_ name: String) -> String? { fields.value(name) }
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
    /// The largest body a request to `path` may have, when not the server's own limit.
    func bodyLimit(path: String) -> Int?
}

extension HTTPResponder {
    package func answer(to request: HTTPRequest) -> HTTPAnswer { .now(respond(to: request)) }
    package func bodyLimit(path: String) -> Int? { nil }
}
