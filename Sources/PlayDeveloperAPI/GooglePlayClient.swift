package import Foundation
import JSON
package import TollgateEvaluation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real client, on URLSession. Path segments are percent-encoded. One access token is reused until a minute
/// before it expires and granted once under concurrency, never per request; a 401 from the API drops the token
/// and retries once with a new one. Each attempt has a timeout; 5xx, 429 and network errors are retried with
/// exponential backoff while the call's budget lasts.
package final class GooglePlayClient: PlayDeveloperAPI {
    /// Google's Play Developer API.
    package static let defaultAPIURL = URL(string: "https://androidpublisher.googleapis.com")!
    /// The first wait between two attempts; each retry doubles it, up to `longestBackoff`.
    static let firstBackoff = Duration.milliseconds(250)
    static let longestBackoff = Duration.seconds(4)
    /// The least time an attempt is given: a retry that would have less is not made, and the last failure stands.
    static let shortestAttempt = Duration.milliseconds(500)

    private let apiURL: URL
    private let attemptTimeout: Duration
    private let budget: Duration
    private let exchange: HTTPExchange
    private let tokens: AccessTokens

    /// A client acting as `account` against `apiURL`; throws when the account's key cannot sign.
    package init(account: ServiceAccount, apiURL: URL = defaultAPIURL, attemptTimeout: Duration = .seconds(10),
                 budget: Duration = .seconds(25), now: @escaping @Sendable () -> Timestamp = { Timestamp(Date()) })
        throws(ServiceAccountError)
    {
        self.apiURL = apiURL
        self.attemptTimeout = attemptTimeout
        self.budget = budget
        exchange = HTTPExchange()
        tokens = try AccessTokens(account: account, exchange: exchange, timeout: attemptTimeout, now: now)
    }

    deinit {
        exchange.invalidate()
    }

    /// The token grants made so far.
    package var grantCount: Int { tokens.grantCount }

    package func subscription(packageName: String, token: String) async throws(PlayAPIError) -> String {
        try Self.object(try await call("GET", packageName, ["subscriptionsv2", "tokens", token]))
    }

    package func product(packageName: String, productID: String, token: String) async throws(PlayAPIError) -> String {
        try Self.object(try await call("GET", packageName, ["products", productID, "tokens", token]))
    }

    package func acknowledgeSubscription(packageName: String, productID: String, token: String)
        async throws(PlayAPIError)
    {
        _ = try await call("POST", packageName, ["subscriptions", productID, "tokens", token], action: "acknowledge")
    }

    package func acknowledgeProduct(packageName: String, productID: String, token: String) async throws(PlayAPIError) {
        _ = try await call("POST", packageName, ["products", productID, "tokens", token], action: "acknowledge")
    }

    package func consumeProduct(packageName: String, productID: String, token: String) async throws(PlayAPIError) {
        _ = try await call("POST", packageName, ["products", productID, "tokens", token], action: "consume")
    }

    /// What one attempt came to.
    private enum Outcome {
        case answered([UInt8])
        /// A transient failure: retried while the budget lasts.
        case transient(PlayAPIError)
        /// The API refused the access token.
        case unauthorized(token: String, message: String)
    }

    /// `method` on `…/applications/{packageName}/purchases/{segments…}[:action]`, retried as the type says.
    private func call(_ method: String, _ packageName: String, _ segments: [String], action: String? = nil)
        async throws(PlayAPIError) -> [UInt8]
    {
        let path = (["androidpublisher", "v3", "applications", packageName, "purchases"] + segments)
            .map(HTTPExchange.percentEncoded).joined(separator: "/") + (action.map { ":" + $0 } ?? "")
        let base = apiURL.absoluteString
        guard let url = URL(string: (base.hasSuffix("/") ? base : base + "/") + path) else {
            preconditionFailure("a URL with percent-encoded path segments appended is a URL: \(base) + \(path)")
        }
        let clock = ContinuousClock()
        let deadline = clock.now + budget
        var backoff = Self.firstBackoff
        var reauthorized = false
        while true {
            switch try await attempt(method, url, until: deadline) {
            case .answered(let body):
                return body
            case .unauthorized(let token, _) where !reauthorized:
                tokens.drop(token)
                reauthorized = true
            case .unauthorized(_, let message):
                throw .refused(status: 401, message: message)
            case .transient(let error):
                guard clock.now + backoff + Self.shortestAttempt <= deadline, !Task.isCancelled else { throw error }
                try? await Task.sleep(for: backoff)
                backoff = min(backoff * 2, Self.longestBackoff)
            }
        }
    }

    /// One attempt: an access token, then the request, given what is left of the budget at most; permanent
    /// failures throw.
    private func attempt(_ method: String, _ url: URL, until deadline: ContinuousClock.Instant)
        async throws(PlayAPIError) -> Outcome
    {
        let token: String
        do {
            token = try await tokens.current()
        } catch .unavailable(let reason) {
            return .transient(.unavailable(reason))
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if method == "POST" {
            request.httpBody = Data()
            request.setValue("0", forHTTPHeaderField: "Content-Length")
        }
        let answer: HTTPExchange.Answer
        let timeout = min(attemptTimeout, max(deadline - ContinuousClock.now, Self.shortestAttempt))
        switch await exchange.send(request, timeout: timeout) {
        case .failure(let failure): return .transient(.unavailable("the API cannot be reached: \(failure.reason)"))
        case .success(let received): answer = received
        }
        switch answer.status {
        case 200..<300:
            return .answered(answer.body)
        case 401:
            return .unauthorized(token: token, message: Self.message(answer.body))
        case 404, 410:
            throw .notFound(status: answer.status)
        case 429, 500...:
            return .transient(.unavailable("the API answered HTTP \(answer.status): \(Self.message(answer.body))"))
        default:
            throw .refused(status: answer.status, message: Self.message(answer.body))
        }
    }

    /// Google's `error.message` of an error body `{"error": {"code", "message", "status"}}`.
    private static func message(_ body: [UInt8]) -> String {
        guard let error = (try? JSONValue(reading: body))?[member: "error"] else { return "no message" }
        return error[member: "message"]?.string ?? error.string ?? "no message"
    }

    /// `body` as text when it is a JSON object, as Google's purchases are.
    private static func object(_ body: [UInt8]) throws(PlayAPIError) -> String {
        guard case .object? = try? JSONValue(reading: body) else {
            throw .invalidResponse("the purchase is not a JSON object")
        }
        return String(decoding: body, as: UTF8.self)
    }
}
