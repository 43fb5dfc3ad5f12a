/// The stable kinds of problem the service answers, each the end of a problem's `type`
/// (`urn:tollgate:problem:<kind>`); docs/http.md lists the same kinds, which a test holds equal.
package enum ProblemKind: String, CaseIterable, Sendable {
    case invalidJSON = "invalid-json"
    case invalidInput = "invalid-input"
    case notFound = "not-found"
    case methodNotAllowed = "method-not-allowed"
    case bodyTooLarge = "body-too-large"
    case unsupportedMediaType = "unsupported-media-type"
    case notReady = "not-ready"
    case ambiguousVersion = "ambiguous-version"
    case unauthorized
    case adminDisabled = "admin-disabled"
    case unknownApp = "unknown-app"
    case unknownVersion = "unknown-version"
    case noStore = "no-store"
    case storeRefused = "store-refused"
    case policyInvalid = "policy-invalid"
    case storeFailed = "store-failed"
    case storeUnavailable = "store-unavailable"
    case conflictingInput = "conflicting-input"
    case invalidSignature = "invalid-signature"
    case wrongApp = "wrong-app"
    case unsupportedEnvironment = "unsupported-environment"
    case purchaseOwnedByAnotherCustomer = "purchase-owned-by-another-customer"
    case insufficientCredits = "insufficient-credits"
    case playUnavailable = "play-unavailable"
    case purchaseNotFound = "purchase-not-found"
    case conflict
    case forbidden

    /// The problem's `type` member.
    var type: String { "urn:tollgate:problem:\(rawValue)" }
}
