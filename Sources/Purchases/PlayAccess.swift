import Customers
package import PlayDeveloperAPI
package import StoreSignatures
import TollgateEvaluation

/// What the ledger needs to take Google Play's purchases: the Play Developer API as the app's service account,
/// Google's signing keys, and the claims Pub/Sub's push tokens must carry. A part left out makes the routes
/// that need it answer 503 saying which, so that Pub/Sub keeps the messages until it is configured.
package struct PlayAccess: Sendable {
    /// The Developer API; nil without `--play-service-account`.
    package var api: (any PlayDeveloperAPI)?
    /// Google's OIDC signing keys.
    package var keys: KeySetCache
    /// The push tokens' audience and account; nil without `--play-push-audience`.
    package var push: PushTokenPolicy?
    /// The seconds one caller holds an acknowledge or a consume before another may make the call again.
    package var actionLease: Int64

    package init(api: (any PlayDeveloperAPI)?, keys: KeySetCache, push: PushTokenPolicy?, actionLease: Int64 = 60) {
        self.api = api
        self.keys = keys
        self.push = push
        self.actionLease = actionLease
    }

    /// The Developer API, or why Play's purchases cannot be read.
    func developerAPI() throws(CustomerError) -> any PlayDeveloperAPI {
        guard let api else {
            throw .playUnavailable("no service account is configured (serve --play-service-account)")
        }
        return api
    }

    /// Checks a push's `Authorization: Bearer` token: RS256 by one of Google's keys, then the claims.
    func authenticate(_ authorization: String?, now: Timestamp) throws(CustomerError) {
        guard let push else {
            throw .playUnavailable("no push audience is configured (serve --play-push-audience)")
        }
        guard let authorization, authorization.count > 7, authorization.prefix(7).lowercased() == "bearer " else {
            throw .unauthenticated("the push has no 'Authorization: Bearer' token")
        }
        let token = String(authorization.dropFirst(7).drop { $0 == " " })
        let verified: VerifiedJWT
        do {
            verified = try keys.verify(token, now: now)
        } catch .unavailable(let reason) {
            throw .playUnavailable("Google's signing keys cannot be read: \(reason)")
        } catch {
            throw .unauthenticated(error.description)
        }
        do {
            try push.check(verified, now: now)
        } catch {
            throw .unauthenticated(error.description)
        }
    }
}
