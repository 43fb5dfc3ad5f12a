import Foundation
import JSON
import StoreSignatures
import Synchronization
import TollgateEvaluation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The service account's access token: granted at the token endpoint with a signed JWT (RFC 7523), kept until a
/// minute before it expires, and granted once for all the callers that need one at the same time.
final class AccessTokens: Sendable {
    /// An access token and when it stops being used.
    struct Token: Sendable {
        var value: String
        var expires: Timestamp
    }

    private struct State {
        var token: Token?
        /// The grant in flight, which every caller awaits.
        var pending: Task<Result<Token, PlayAPIError>, Never>?
        var grants = 0
    }

    /// What a caller does: use the kept token or await the grant.
    private enum Step {
        case ready(String)
        case wait(Task<Result<Token, PlayAPIError>, Never>)
    }

    /// The scope of the Play Developer API.
    static let scope = "https://www.googleapis.com/auth/androidpublisher"
    /// The seconds before its expiry at which a token is no longer used.
    static let margin: Int64 = 60

    private let account: ServiceAccount
    private let signer: RS256Signer
    private let exchange: HTTPExchange
    private let timeout: Duration
    private let now: @Sendable () -> Timestamp
    private let state = Mutex(State())

    init(account: ServiceAccount, exchange: HTTPExchange, timeout: Duration,
         now: @escaping @Sendable () -> Timestamp) throws(ServiceAccountError) {
        self.account = account
        signer = try account.signer()
        self.exchange = exchange
        self.timeout = timeout
        self.now = now
    }

    /// The grants posted so far.
    var grantCount: Int { state.withLock { $0.grants } }

    /// A current access token: the kept one, the one being granted, or a new grant.
    func current() async throws(PlayAPIError) -> String {
        let now = now()
        let step = state.withLock { state -> Step in
            if let token = state.token, now.secondsSince1970 < token.expires.secondsSince1970 - Self.margin {
                return .ready(token.value)
            }
            if let pending = state.pending { return .wait(pending) }
            let pending = Task { await self.grantAndKeep() }
            state.pending = pending
            return .wait(pending)
        }
        switch step {
        case .ready(let token): return token
        case .wait(let pending): return try await pending.value.get().value
        }
    }

    /// Forgets `token` (the API refused it), unless another caller already replaced it.
    func drop(_ token: String) {
        state.withLock { state in
            if state.token?.value == token { state.token = nil }
        }
    }

    private func grantAndKeep() async -> Result<Token, PlayAPIError> {
        let result = await grant()
        state.withLock { state in
            state.pending = nil
            if case .success(let token) = result { state.token = token }
        }
        return result
    }

    /// Posts one grant: `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<JWT>`.
    private func grant() async -> Result<Token, PlayAPIError> {
        let issued = now()
        let assertion: String
        do {
            assertion = try signer.sign(claims: claims(issued: issued))
        } catch {
            return .failure(.grantRefused(status: 0, message: "the assertion cannot be signed: \(error)"))
        }
        var request = URLRequest(url: account.tokenURI)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let grantType = HTTPExchange.percentEncoded("urn:ietf:params:oauth:grant-type:jwt-bearer")
        request.httpBody = Data(("grant_type=" + grantType + "&assertion=" + HTTPExchange.percentEncoded(assertion)).utf8)
        state.withLock { $0.grants += 1 }
        switch await exchange.send(request, timeout: timeout) {
        case .failure(let failure):
            return .failure(.unavailable("the token endpoint cannot be reached: \(failure.reason)"))
        case .success(let answer):
            return Self.token(answer, issued: issued)
        }
    }

    /// The claims of a grant issued at `issued`, for an hour.
    private func claims(issued: Timestamp) -> String {
        var writer = JSONWriter()
        writer.object { members in
            members.member("aud") { $0.string(account.tokenURI.absoluteString) }
            members.member("exp") { $0.integer(issued.secondsSince1970 + 3600) }
            members.member("iat") { $0.integer(issued.secondsSince1970) }
            members.member("iss") { $0.string(account.clientEmail) }
            members.member("scope") { $0.string(Self.scope) }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The token of the endpoint's answer `{"access_token", "expires_in", "token_type"}`, or what went wrong.
    private static func token(_ answer: HTTPExchange.Answer, issued: Timestamp) -> Result<Token, PlayAPIError> {
        let body = try? JSONValue(reading: answer.body)
        switch answer.status {
        case 200..<300:
            guard let value = body?[member: "access_token"]?.string, !value.isEmpty else {
                return .failure(.invalidResponse("the token endpoint's answer has no access_token"))
            }
            guard let lifetime = body?[member: "expires_in"]?.integer, lifetime > 0 else {
                return .failure(.invalidResponse("the token endpoint's answer has no positive expires_in"))
            }
            return .success(Token(value: value, expires: issued.adding(seconds: Int64(lifetime))))
        case 429, 500...:
            return .failure(.unavailable("the token endpoint answered HTTP \(answer.status)"))
        default:
            let error = body?[member: "error"]?.string
            let detail = body?[member: "error_description"]?.string
            let message = [error, detail].compactMap { $0 }.joined(separator: ": ")
            return .failure(.grantRefused(status: answer.status,
                                          message: message.isEmpty ? "no reason given" : message))
        }
    }
}
