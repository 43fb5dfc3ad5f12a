package import Foundation
import JSON

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
    /// The time of a request: what evaluations and placements are judged at unless the input names one, and
    /// what a publish or rollback records.
    let now: @Sendable () -> Date
    /// Reads the prices input of a request body.
    let prices: PriceSheetReader
    /// The customers the stores confirm; nil when the service keeps none.
    let customers: (any CustomerService)?
    /// Where decisions answered by an experiment's split are reported, and the exposures apps report; nil
    /// records none.
    let exposures: (any ExposureSink)?
    /// Where the purchases apps report are kept; nil when the service keeps none.
    let purchaseEvents: (any PurchaseEventSink)?
    /// Whether the service's own split decisions are reported to `exposures` (apps' events are either way).
    let recordsDecisions: Bool
    /// Where the admin results route reads experiments' results; nil when the service keeps none.
    let results: (any ExperimentResultsSource)?

    package init(holder: PolicyHolder, metrics: Metrics, admin: Admin?, customers: (any CustomerService)? = nil,
                 exposures: (any ExposureSink)? = nil, purchaseEvents: (any PurchaseEventSink)? = nil,
                 recordsDecisions: Bool = true, results: (any ExperimentResultsSource)? = nil,
                 prices: @escaping PriceSheetReader,
                 log: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Date) {
        self.holder = holder
        self.metrics = metrics
        self.admin = admin
        self.customers = customers
        self.exposures = exposures
        self.purchaseEvents = purchaseEvents
        self.recordsDecisions = recordsDecisions
        self.results = results
        self.prices = prices
        self.log = log
        self.now = now
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let start = ContinuousClock.now
        let (route, response) = dispatch(request)
        record(request, route: route, status: response.status, since: start)
        return response
    }

    /// As `respond(to:)`, except that a long poll of a bundle is answered later, when it changes, and Google
    /// Play's routes once Google has answered.
    package func answer(to request: HTTPRequest) -> HTTPAnswer {
        if let held = holdBundle(request) { return .later(held) }
        if let deferred = deferredAnswer(request) { return .later(deferred) }
        return .now(respond(to: request))
    }

    /// Counts an answered request in the metrics and logs its line.
    func record(_ request: HTTPRequest, route: String, status: Int, since start: ContinuousClock.Instant) {
        let (whole, fraction) = start.duration(to: .now).components
        let seconds = Double(whole) + Double(fraction) / 1e18
        metrics.record(route: route, status: status, seconds: seconds)
        var line = JSONWriter(capacity: 128)
        line.object { members in
            members.member("method") { $0.string(request.method) }
            members.member("route") { $0.string(route) }
            members.member("status") { $0.integer(status) }
            members.member("duration_ms") { $0.number((seconds * 1_000_000).rounded() / 1000) }
        }
        log(String(decoding: line.bytes, as: UTF8.self))
    }

    /// One route: a path pattern with `{name}` segments, the methods it takes, its handler, and how it answers
    /// a problem (problem+json unless the route's protocol has its own error shape).
    struct Endpoint: Sendable {
        var pattern: String
        var methods: [String]
        var handle: @Sendable (Router, HTTPRequest, [String: String]) throws(Problem) -> HTTPResponse
        var failure: @Sendable (Problem, HTTPRequest, [String: String]) -> HTTPResponse
        /// The pattern, split once.
        let route: RoutePattern

        init(pattern: String, methods: [String],
             failure: @escaping @Sendable (Problem, HTTPRequest, [String: String]) -> HTTPResponse = {
                 problem, request, _ in problem.response(path: request.path)
             },
             handle: @escaping @Sendable (Router, HTTPRequest, [String: String]) throws(Problem) -> HTTPResponse) {
            self.pattern = pattern
            self.methods = methods
            self.handle = handle
            self.failure = failure
            route = RoutePattern(pattern)
        }
    }

    static let endpoints: [Endpoint] = [
        Endpoint(pattern: "/healthz", methods: ["GET"]) { _, _, _ throws(Problem) in
            JSONBody.response(JSONBody.write { writer in
                writer.object { $0.member("status") { $0.string("ok") } }
            })
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
        Endpoint(pattern: "/v1/apps/{app}/experiments/{experiment}/results", methods: ["GET"]) {
            router, request, parameters throws(Problem) in
            try router.experimentResults(request, app: parameters["app"] ?? "", experiment: parameters["experiment"] ?? "")
        },
        Endpoint(pattern: "/v1/apps/{app}/notifications/app-store", methods: ["POST"]) {
            router, request, parameters throws(Problem) in
            try router.appStoreNotification(request, app: parameters["app"] ?? "")
        },
        // Answered by `answer(to:)`, which waits for Google; `respond(to:)` answers nothing else for it.
        Endpoint(pattern: Router.playNotificationRoute, methods: ["POST"]) { _, _, _ throws(Problem) in
            throw Problem(.playUnavailable, status: 503, title: "Google Play unavailable",
                          detail: "Google Play's notifications are answered over HTTP only")
        },
        Endpoint(pattern: "/v1/apps/{app}/customers/{customer}/transactions", methods: ["POST"]) {
            router, request, parameters throws(Problem) in
            try router.customerTransaction(request, app: parameters["app"] ?? "", customer: parameters["customer"] ?? "")
        },
        Endpoint(pattern: Router.eventsRoute, methods: ["POST"]) { router, request, parameters throws(Problem) in
            try router.events(request, app: parameters["app"] ?? "")
        },
        Endpoint(pattern: "/v1/apps/{app}/customers/{customer}", methods: ["GET"]) {
            router, request, parameters throws(Problem) in
            try router.customerDocument(request, app: parameters["app"] ?? "", customer: parameters["customer"] ?? "")
        },
        Endpoint(pattern: "/v1/apps/{app}/customers/{customer}", methods: ["DELETE"]) {
            router, request, parameters throws(Problem) in
            try router.forgetCustomer(request, app: parameters["app"] ?? "", customer: parameters["customer"] ?? "")
        },
        Endpoint(pattern: "/v1/apps/{app}/customers/{customer}/credits/{currency}/spend", methods: ["POST"]) {
            router, request, parameters throws(Problem) in
            try router.spendCredits(request, app: parameters["app"] ?? "", customer: parameters["customer"] ?? "",
                                    currency: parameters["currency"] ?? "")
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

    /// The route's pattern (the metrics label) and the answer: the first endpoint that takes the request's path
    /// and method answers; otherwise 404, or 405 when another method would have been taken.
    private func dispatch(_ request: HTTPRequest) -> (String, HTTPResponse) {
        var routed: (Endpoint, [String: String])?
        for endpoint in Self.endpoints where endpoint.methods.contains(request.method) {
            if let parameters = endpoint.route.match(request.path) {
                routed = (endpoint, parameters)
                break
            }
        }
        guard let (endpoint, parameters) = routed else {
            let matches = Self.endpoints.compactMap { endpoint in
                endpoint.route.match(request.path).map { (endpoint, $0) }
            }
            guard let (first, _) = matches.first else {
                let problem = Problem.notFound("no route \(request.method) \(request.path)")
                return ("unmatched", problem.response(path: request.path))
            }
            let allow = matches.flatMap(\.0.methods).joined(separator: ", ")
            let problem = Problem(.methodNotAllowed, status: 405, title: "Method not allowed",
                                  detail: "\(request.method) is not allowed on \(first.pattern); use \(allow)",
                                  extra: Problem.Extra(allow: allow))
            var response = first.failure(problem, request, matches[0].1)
            response.headers.append(("Allow", allow))
            return (first.pattern, response)
        }
        do throws(Problem) {
            if request.bodyTooLarge { throw Problem.tooLarge(limit: bodyLimit(path: request.path) ?? Self.maxBodyBytes) }
            if request.method == "POST", let type = request.header("content-type"), !Self.isJSON(type) {
                throw Problem.unsupportedMediaType(type)
            }
            return (endpoint.pattern, try endpoint.handle(self, request, parameters))
        } catch {
            return (endpoint.pattern, endpoint.failure(error, request, parameters))
        }
    }

    /// Whether a `Content-Type` is `application/json`, with any parameters (`; charset=utf-8`).
    static func isJSON(_ type: String) -> Bool {
        var type = type
        return type.withUTF8 { bytes in
            var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            var start = 0
            while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            return end - start == 16 && zip(bytes[start..<end], jsonMediaType).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
    }

    private static let jsonMediaType = Array("application/json".utf8)
}

