/// Why a customer request was not done; each case is one answer of the customer routes.
package enum CustomerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A signed payload failed verification; the text says which check, never echoing the payload.
    case invalidSignature(String)
    /// The payload is another app's: its bundle id or Apple ID differs from the policy's.
    case wrongApp(String)
    /// Xcode and StoreKit testing data, which Apple does not sign.
    case unsupportedEnvironment(String)
    /// The request or a verified payload lacks what it must hold, or holds it in the wrong shape.
    case invalidPayload(String)
    /// The purchase belongs to another customer and the policy's `customers.restore` is `keep`.
    case purchaseOwnedByAnotherCustomer(owner: CustomerID)
    /// The balance is smaller than the amount to spend.
    case insufficientCredits(currency: String, balance: Int64)
    /// The store cannot be reached or failed; nothing was changed, and the request may be retried.
    case storeUnavailable(String)
    /// A push lacks a valid Google-signed token: Pub/Sub retries it.
    case unauthenticated(String)
    /// Google Play's API or keys cannot be reached, answered an error worth retrying, or are not configured; what
    /// was committed stays, and the request may be retried.
    case playUnavailable(String)
    /// Google Play knows no purchase of the token posted.
    case purchaseNotFound(String)

    package var description: String {
        switch self {
        case .invalidSignature(let check): "the signed payload does not verify: \(check)"
        case .wrongApp(let detail): detail
        case .unsupportedEnvironment(let environment):
            "'\(environment)' data is not signed by the App Store; only Production and Sandbox are accepted"
        case .invalidPayload(let detail): detail
        case .purchaseOwnedByAnotherCustomer:
            "the purchase belongs to another customer, and the policy's customers.restore is 'keep'"
        case .insufficientCredits(let currency, let balance): "the balance of '\(currency)' is \(balance)"
        case .storeUnavailable(let detail): "the store is unavailable: \(detail); nothing was changed"
        case .unauthenticated(let reason): "the push is not authenticated: \(reason)"
        case .playUnavailable(let detail): "Google Play is unavailable: \(detail); retry later"
        case .purchaseNotFound(let detail): detail
        }
    }
}
