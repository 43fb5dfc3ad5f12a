public import TollgateEvaluation

/// Why the client has no answer, why a bundle or the cache file was not used, or why the service refused a
/// customer request.
public enum TollgateClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No verified bundle yet: the server has not answered and no usable cache file was there to start from.
    /// This is not "not unlocked": the client does not know the policy at all.
    case notSynced
    /// The request got no answer: the server is down or unreachable, or the connection broke.
    case unreachable(String)
    /// The server answered with a status the request does not expect (not 200 or 304 for the bundle, not 200 for a
    /// customer request) and, for a customer request, without a problem document.
    case unexpectedStatus(Int)
    /// The service refused a customer request with a problem document: `kind` is the end of its `type`
    /// (`urn:tollgate:problem:<kind>`), `status` the HTTP status, `detail` what it says. The kinds of
    /// `postTransaction`: `invalid-signature`, `wrong-app`, `unsupported-environment`, `invalid-input` (400),
    /// `purchase-owned-by-another-customer` (409) and `store-unavailable` (503, worth trying again later).
    case refused(kind: String, status: Int, detail: String)
    /// A 200 whose body is not the document the customer request answers.
    case invalidAnswer(String)
    /// A 200 without an `ETag`: the bundle cannot be checked against it, so it is not used.
    case missingETag
    /// The body is not a usable bundle: not JSON of the bundle format, truncated, or its content not
    /// matching its own hash.
    case invalidBundle(BundleError)
    /// A valid bundle whose hash is not the `ETag` it came with.
    case etagMismatch(etag: String, hash: String)
    /// A valid bundle of another app.
    case wrongApp(expected: String, actual: String)
    /// The cache file exists but cannot be used; the client started without it.
    case unusableCache(String)
    /// The cache file could not be written; the bundle is still used in memory.
    case cacheWriteFailed(String)

    public var description: String {
        switch self {
        case .notSynced: "no policy yet: the client has not synced with the server and had no cache file to start from"
        case .unreachable(let detail): "cannot reach the server: \(detail)"
        case .unexpectedStatus(let status): "the server answered with status \(status), which the request does not expect"
        case .refused(let kind, let status, let detail): "the server refused the request (\(status) \(kind)): \(detail)"
        case .invalidAnswer(let detail): "the server's answer is not the document the request expects: \(detail)"
        case .missingETag: "the server sent a bundle without an ETag; a bundle is used only when its hash matches its ETag"
        case .invalidBundle(let error): "the server sent an unusable bundle: \(error)"
        case .etagMismatch(let etag, let hash): "the bundle's hash \(hash) does not match its ETag \(etag); it is not used"
        case .wrongApp(let expected, let actual): "the server sent the bundle of app '\(actual)'; expected '\(expected)'"
        case .unusableCache(let detail): "ignored the cache file: \(detail)"
        case .cacheWriteFailed(let detail): "cannot write the cache file: \(detail)"
        }
    }
}
