import Customers
import JSON
import TollgateEvaluation

/// Google Play's routes (docs/http.md), answered later, off the server's threads, since each takes a round trip
/// to Google: Pub/Sub's pushes of real-time developer notifications, and the Play form of the transactions route.
extension Router {
    /// A route answered later: the pattern and path it takes, which of its requests it takes, and its handler.
    struct DeferredEndpoint: Sendable {
        var pattern: String
        let route: RoutePattern
        var takes: @Sendable (HTTPRequest) -> Bool
        var handle: @Sendable (Router, HTTPRequest, [String: String]) async throws(Problem) -> HTTPResponse

        init(pattern: String, takes: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true },
             handle: @escaping @Sendable (Router, HTTPRequest, [String: String]) async throws(Problem) -> HTTPResponse) {
            self.pattern = pattern
            route = RoutePattern(pattern)
            self.takes = takes
            self.handle = handle
        }
    }

    static let playNotificationRoute = "/v1/apps/{app}/notifications/play"

    static let deferredEndpoints = [
        DeferredEndpoint(pattern: playNotificationRoute) { router, request, parameters async throws(Problem) in
            try await router.playNotification(request, app: parameters["app"] ?? "")
        },
        DeferredEndpoint(pattern: "/v1/apps/{app}/customers/{customer}/transactions", takes: isPlayTransaction) {
            router, request, parameters async throws(Problem) in
            try await router.playTransaction(request, app: parameters["app"] ?? "", customer: parameters["customer"] ?? "")
        },
    ]

    /// How long a deferred request may take before it is answered 503; the Developer API client gives up sooner.
    static let deferredDeadline = Duration.seconds(90)

    /// The later answer of a POST a deferred endpoint takes, its handler run on a task; nil for any other request.
    func deferredAnswer(_ request: HTTPRequest) -> DeferredResponse? {
        guard request.method == "POST" else { return nil }
        var routed: (DeferredEndpoint, [String: String])?
        for endpoint in Self.deferredEndpoints {
            if let parameters = endpoint.route.match(request.path), endpoint.takes(request) {
                routed = (endpoint, parameters)
                break
            }
        }
        guard let (endpoint, parameters) = routed else { return nil }
        let start = ContinuousClock.now
        let late = Problem(.playUnavailable, status: 503, title: "Google Play unavailable",
                           detail: "the request took too long; what was committed stays, and it may be retried")
        let deferred = DeferredResponse(deadline: start + Self.deferredDeadline, fallback: late.response(path: request.path)) {
            [self] response in
            record(request, route: endpoint.pattern, status: response.status, since: start)
        }
        Task { [self] in
            let response: HTTPResponse
            do throws(Problem) {
                if request.bodyTooLarge { throw Problem.tooLarge(limit: bodyLimit(path: request.path) ?? Self.maxBodyBytes) }
                if let type = request.header("content-type"), !Self.isJSON(type) {
                    throw Problem.unsupportedMediaType(type)
                }
                response = try await endpoint.handle(self, request, parameters)
            } catch {
                response = error.response(path: request.path)
            }
            deferred.complete(response)
        }
        return deferred
    }

    /// `POST /v1/apps/{app}/notifications/play`: a Cloud Pub/Sub push of a Play real-time developer notification,
    /// with Pub/Sub's `Authorization: Bearer` token.
    func playNotification(_ request: HTTPRequest, app id: String) async throws(Problem) -> HTTPResponse {
        let (service, policy) = try customerService(app: id)
        let receipt: NotificationReceipt
        do {
            receipt = try await service.receivePlayNotification(request.body, authorization: request.header("authorization"),
                                                                policy: policy, now: Timestamp(now()))
        } catch {
            let problem = Self.problem(error)
            metrics.countNotification(store: Marketplace.play.rawValue, status: problem.kind.rawValue)
            throw problem
        }
        metrics.countNotification(store: Marketplace.play.rawValue, status: receipt.status.rawValue)
        if receipt.status == .ignored { log(Self.ignoredLine(receipt, app: id)) }
        return JSONBody.response(receipt.json())
    }

    /// `POST /v1/apps/{app}/customers/{customer}/transactions` with `{"store": "play", "product", "purchase_token"}`:
    /// a Play purchase the app sends after a purchase or a restore, read from Google, so it needs no token.
    func playTransaction(_ request: HTTPRequest, app id: String, customer: String) async throws(Problem) -> HTTPResponse {
        let (service, policy) = try customerService(app: id)
        let customer = try Self.customerID(customer)
        let body = try JSONBody.object(request.body)
        let unknown = body.keys.filter { !["store", "product", "purchase_token"].contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw Problem.invalidInput("unknown member '\(unknown[0])'; a Play transaction takes 'store', 'product' "
                                       + "and 'purchase_token'")
        }
        guard case .string(let product)? = body["product"], !product.isEmpty else {
            throw Problem.invalidInput("'product' must name the policy's product")
        }
        guard case .string(let token)? = body["purchase_token"], (1...4096).contains(token.utf8.count) else {
            throw Problem.invalidInput("'purchase_token' must be the purchase's token, a string of 1 to 4096 bytes")
        }
        do {
            return JSONBody.response(try await service.recordPlayPurchase(token: token, product: product, customer: customer,
                                                                          policy: policy, now: Timestamp(now())).json())
        } catch {
            throw Self.problem(error)
        }
    }

    /// Whether a transactions request is the Play form: a JSON object whose `store` is `play`.
    @Sendable static func isPlayTransaction(_ request: HTTPRequest) -> Bool {
        guard !request.bodyTooLarge, let body = try? JSONBody.object(request.body) else { return false }
        return body["store"] == .string(Marketplace.play.rawValue)
    }

    /// The log line of an ignored message, written once: a retry of it is a duplicate.
    private static func ignoredLine(_ receipt: NotificationReceipt, app: String) -> String {
        var line = JSONWriter(capacity: 128)
        line.object { members in
            members.member("event") { $0.string("play-notification-ignored") }
            members.member("app") { $0.string(app) }
            members.member("notification") { $0.optionalString(receipt.notification) }
            members.member("reason") { $0.optionalString(receipt.reason) }
        }
        return String(decoding: line.bytes, as: UTF8.self)
    }
}
