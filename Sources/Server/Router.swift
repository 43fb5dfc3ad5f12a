package import Foundation
import TollgateEvaluation

/// The service's routes (docs/http.md): request in, response out, no sockets. Counts every request
/// in the metrics and logs one line per request (method, route, status, duration; never bodies).
package struct Router: HTTPResponder {
    /// The largest request body accepted.
    package static let maxBodyBytes = 64 * 1024

    let holder: PolicyHolder
    let metrics: Metrics
    /// Nil when no admin token is configured: the admin routes are then disabled.
    let admin: Admin?
    let log: @Sendable (String) -> Void
    /// The time of a request, which a publish or rollback records.
    let now: @Sendable () -> Date

    package init(holder: PolicyHolder, metrics: Metrics, admin: Admin?, log: @escaping @Sendable (String) -> Void,
                 now: @escaping @Sendable () -> Date = { Date() }) {
        self.holder = holder
        self.metrics = metrics
        self.admin = admin
        self.log = log
        self.now = now
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let start = ContinuousClock.now
        let (route, response) = dispatch(request)
        record(request, route: route, status: response.status, since: start)
        return response
    }

    /// As `respond(to:)`, except that a long poll of a bundle is answered later, when it changes.
    package func answer(to request: HTTPRequest) -> HTTPAnswer {
        if let held = holdBundle(request) { return .later(held) }
        return .now(respond(to: request))
    }

    /// Counts an answered request in the metrics and logs its line.
    func record(_ request: HTTPRequest, route: String, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        metrics.record(route: route, status: status, seconds: seconds)
        log(#"{"method":\#(JSONWriter.quoted(request.method)),"route":\#(JSONWriter.quoted(route)),"#
            + #""status":\#(status),"duration_ms":\#((seconds * 1_000_000).rounded() / 1000)}"#)
    }

    /// One route: a path pattern with `{name}` segments, the methods it takes, its handler, and how it answers
    /// a problem (problem+json unless the route's protocol has its own error shape).
    struct Endpoint: Sendable {
        var pattern: String
        var methods: [String]
        var handle: @Sendable (Router, HTTPRequest, [String: String]) throws(Problem) -> HTTPResponse
        var failure: @Sendable (Problem, HTTPRequest, [String: String]) -> HTTPResponse
        /// The pattern's segments, split once.
        let segments: [Substring]

        init(pattern: String, methods: [String],
             failure: @escaping @Sendable (Problem, HTTPRequest, [String: String]) -> HTTPResponse = {
                 problem, request, _ in problem.response(path: request.path)
             },
             handle: @escaping @Sendable (Router, HTTPRequest, [String: String]) throws(Problem) -> HTTPResponse) {
            self.pattern = pattern
            self.methods = methods
            self.handle = handle
            self.failure = failure
            segments = pattern.split(separator: "/")
        }
    }

    static let endpoints: [Endpoint] = [
        Endpoint(pattern: "/healthz", methods: ["GET"]) { _, _, _ throws(Problem) in
            JSONBody.response(JSONBody.encode(["status": "ok"]))
        },
        Endpoint(pattern: "/readyz", methods: ["GET"]) { router, _, _ throws(Problem) in try router.ready() },
        Endpoint(pattern: "/metrics", methods: ["GET"]) { router, _, _ throws(Problem) in
            HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
                         body: Array((router.metrics.text() + router.holder.waiters.metricsText()).utf8))
        },
        Endpoint(pattern: "/v1/apps", methods: ["GET"]) { router, _, _ throws(Problem) in try router.apps() },
        Endpoint(pattern: "/v1/apps/{app}/bundle", methods: ["GET"]) { router, request, parameters throws(Problem) in
            try router.bundle(request, app: parameters["app"] ?? "")
        },
        Endpoint(pattern: "/v1/apps/{app}/evaluate", methods: ["POST"]) { router, request, parameters throws(Problem) in
            try router.evaluate(request, app: parameters["app"] ?? "")
        },
        Endpoint(pattern: "/v1/apps/{app}/paywalls/{paywall}/render", methods: ["POST"]) {
            router, request, parameters throws(Problem) in
            try router.render(request, app: parameters["app"] ?? "", paywall: parameters["paywall"] ?? "")
        },
        Endpoint(pattern: "/v1/apps/{app}/paywalls/{paywall}/preview", methods: ["GET"]) {
            router, request, parameters throws(Problem) in
            try router.preview(request, app: parameters["app"] ?? "", paywall: parameters["paywall"] ?? "")
        },
        Endpoint(pattern: "/v1/apps/{app}/placements/{placement}/resolve", methods: ["POST"]) {
            router, request, parameters throws(Problem) in
            try router.resolve(request, app: parameters["app"] ?? "", placement: parameters["placement"] ?? "")
        },
        Endpoint(pattern: "/v1/apps/{app}/placements/{placement}/paywall", methods: ["POST"]) {
            router, request, parameters throws(Problem) in
            try router.placementPaywall(request, app: parameters["app"] ?? "", placement: parameters["placement"] ?? "")
        },
        Endpoint(pattern: "/ofrep/v1/evaluate/flags/{key}", methods: ["POST"], failure: Router.ofrepFailure) {
            router, request, parameters throws(Problem) in
            router.ofrepFlag(request, key: parameters["key"] ?? "")
        },
        Endpoint(pattern: "/ofrep/v1/evaluate/flags", methods: ["POST"], failure: Router.ofrepFailure) {
            router, request, _ throws(Problem) in
            router.ofrepBulk(request)
        },
        Endpoint(pattern: "/v1/admin/publish", methods: ["POST"]) { router, request, _ throws(Problem) in
            try router.adminPublish(request)
        },
        Endpoint(pattern: "/v1/admin/rollback", methods: ["POST"]) { router, request, _ throws(Problem) in
            try router.adminRollback(request)
        },
        Endpoint(pattern: "/v1/admin/history", methods: ["GET"]) { router, request, _ throws(Problem) in
            try router.adminHistory(request)
        },
    ]

    /// The route's pattern (the metrics label) and the answer.
    private func dispatch(_ request: HTTPRequest) -> (String, HTTPResponse) {
        let segments = request.path.split(separator: "/")
        let matches = Self.endpoints.compactMap { endpoint in Self.match(endpoint.segments, segments).map { (endpoint, $0) } }
        guard let (first, _) = matches.first else {
            return ("unmatched", Problem.notFound("no route \(request.method) \(request.path)").response(path: request.path))
        }
        guard let (endpoint, parameters) = matches.first(where: { $0.0.methods.contains(request.method) }) else {
            let allow = matches.flatMap(\.0.methods).joined(separator: ", ")
            let problem = Problem("method-not-allowed", status: 405, title: "Method not allowed",
                                  detail: "\(request.method) is not allowed on \(first.pattern); use \(allow)",
                                  extra: ["allow": allow])
            var response = first.failure(problem, request, matches[0].1)
            response.headers.append(("Allow", allow))
            return (first.pattern, response)
        }
        do throws(Problem) {
            if request.bodyTooLarge { throw Problem.tooLarge }
            if request.method == "POST", let type = request.header("content-type"), !Self.isJSON(type) {
                throw Problem.unsupportedMediaType(type)
            }
            return (endpoint.pattern, try endpoint.handle(self, request, parameters))
        } catch {
            return (endpoint.pattern, endpoint.failure(error, request, parameters))
        }
    }

    /// The `{name}` values of a pattern's `parts` in `segments`, or nil when the path does not match.
    static func match(_ parts: [Substring], _ segments: [Substring]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(parts, segments) {
            if part.first == "{" {
                parameters[String(part.dropFirst().dropLast())] = String(segment)
            } else if part != segment {
                return nil
            }
        }
        return parameters
    }

    /// Whether a `Content-Type` is `application/json`, with any parameters (`; charset=utf-8`).
    static func isJSON(_ type: String) -> Bool {
        let media = type.utf8.prefix { $0 != UInt8(ascii: ";") }
        let trimmed = media.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed()
        return trimmed.count == 16 && zip(trimmed, "application/json".utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }
}
