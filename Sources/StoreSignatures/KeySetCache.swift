import Foundation
import Synchronization
package import TollgateEvaluation

/// Google's signing keys as their endpoint serves them, kept as long as its `Cache-Control: max-age` says and
/// fetched again when a token names a key the set lacks (Google rotates its keys), at most once a minute, so
/// a flood of tokens with unknown keys cannot turn into a flood of fetches.
package final class KeySetCache: Sendable {
    /// Fetches the key set: the set and its `Cache-Control` header, if any; throws a sentence when it cannot.
    package typealias Fetch = @Sendable () throws(KeySetError) -> (keys: JWKS, cacheControl: String?)

    private struct State {
        var keys: JWKS?
        /// When the kept set goes stale.
        var expires = Timestamp(secondsSince1970: 0)
        /// When the set was last fetched.
        var fetched: Timestamp?
    }

    private let fetch: Fetch
    private let state = Mutex(State())
    /// The fewest seconds between two fetches for an unknown key.
    private let refetchInterval: Int64

    package init(refetchInterval: Int64 = 60, fetch: @escaping Fetch) {
        self.refetchInterval = refetchInterval
        self.fetch = fetch
    }

    /// Verifies `token` (RS256) with the kept keys, fetching them when there are none or they went stale, and
    /// once more when the token names a key they lack and the last fetch is a minute old.
    package func verify(_ token: String, now: Timestamp) throws(KeySetError) -> VerifiedJWT {
        let kept = try keys(at: now, refreshing: false)
        do throws(SignatureError) {
            return try JWTVerifier.verifyRS256(token, keys: kept)
        } catch .unknownKeyID(_) where mayRefetch(at: now) {
            let fetched = try keys(at: now, refreshing: true)
            do throws(SignatureError) {
                return try JWTVerifier.verifyRS256(token, keys: fetched)
            } catch {
                throw .signature(error)
            }
        } catch {
            throw .signature(error)
        }
    }

    /// The seconds `Cache-Control`'s `max-age` allows; nil without one.
    static func maxAge(_ cacheControl: String?) -> Int64? {
        guard let cacheControl else { return nil }
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "max-age", let seconds = Int64(parts[1]), seconds >= 0 {
                return seconds
            }
        }
        return nil
    }

    /// The kept keys, or new ones when there are none, they are stale, or `refreshing`.
    private func keys(at now: Timestamp, refreshing: Bool) throws(KeySetError) -> JWKS {
        if !refreshing, let keys = state.withLock({ $0.keys != nil && now < $0.expires ? $0.keys : nil }) {
            return keys
        }
        let (keys, cacheControl) = try fetch()
        let lifetime = Self.maxAge(cacheControl) ?? 0
        state.withLock { state in
            state.keys = keys
            state.fetched = now
            state.expires = now.adding(seconds: lifetime)
        }
        return keys
    }

    private func mayRefetch(at now: Timestamp) -> Bool {
        state.withLock { state in
            guard let fetched = state.fetched else { return true }
            return now.secondsSince1970 - fetched.secondsSince1970 >= refetchInterval
        }
    }
}

/// Why a token could not be checked against a key set: the set could not be had, or the token failed.
package enum KeySetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key set's endpoint could not be reached or answered something else than a key set.
    case unavailable(String)
    case signature(SignatureError)

    package var description: String {
        switch self {
        case .unavailable(let reason): "Google's signing keys cannot be read: \(reason)"
        case .signature(let error): error.description
        }
    }
}
