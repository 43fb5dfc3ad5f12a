/// The calls Tollgate makes to the Google Play Developer API (androidpublisher v3), as the app's service account.
package protocol PlayDeveloperAPI: Sendable {
    /// GET {api}/androidpublisher/v3/applications/{pkg}/purchases/subscriptionsv2/tokens/{token}: the body
    /// (SubscriptionPurchaseV2 JSON text).
    func subscription(packageName: String, token: String) async throws(PlayAPIError) -> String
    /// GET …/purchases/products/{productId}/tokens/{token}: the body (ProductPurchase JSON text).
    func product(packageName: String, productID: String, token: String) async throws(PlayAPIError) -> String
    /// POST …/purchases/subscriptions/{productId}/tokens/{token}:acknowledge
    func acknowledgeSubscription(packageName: String, productID: String, token: String) async throws(PlayAPIError)
    /// POST …/purchases/products/{productId}/tokens/{token}:acknowledge
    func acknowledgeProduct(packageName: String, productID: String, token: String) async throws(PlayAPIError)
    /// POST …/purchases/products/{productId}/tokens/{token}:consume
    func consumeProduct(packageName: String, productID: String, token: String) async throws(PlayAPIError)
}

/// Why a call to the Play Developer API failed; each reads as one sentence saying what Google answered, never
/// quoting the access token.
package enum PlayAPIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 404 or 410 for the token: Google has no such purchase (permanent).
    case notFound(status: Int)
    /// A network error, a timeout, 5xx after the retries the budget allowed, 429, or the token endpoint
    /// unreachable or failing: transient.
    case unavailable(String)
    /// Another 4xx from the API, with Google's `error.message` (permanent).
    case refused(status: Int, message: String)
    /// The token endpoint refused the service account's assertion (`error`, `error_description`); status 0 when
    /// Tollgate could not sign one.
    case grantRefused(status: Int, message: String)
    /// A 2xx answer that is not what Google sends.
    case invalidResponse(String)

    package var description: String {
        switch self {
        case .notFound(let status): "Google Play has no purchase for the token (HTTP \(status))"
        case .unavailable(let reason): "the Google Play Developer API is unavailable: \(reason)"
        case .refused(let status, let message):
            "the Google Play Developer API refused the call (HTTP \(status)): \(message)"
        case .grantRefused(let status, let message):
            "Google's token endpoint refused the service account's grant (HTTP \(status)): \(message)"
        case .invalidResponse(let reason): "the Google Play Developer API answered something unexpected: \(reason)"
        }
    }
}
