package import JSON
package import TollgateEvaluation

/// A JWT whose RS256 signature verified: its header and claims, read; the claims are not checked yet.
package struct VerifiedJWT: Sendable {
    /// The header (an object with `alg` RS256 and `kid`).
    package var header: JSONValue
    /// The claims (an object).
    package var claims: JSONValue
    /// The id of the key that verified the signature.
    package var keyID: String

    /// `aud` as a list: the one string, or the strings of a list; empty when it is missing or neither.
    package var audiences: [String] {
        switch claims[member: "aud"] {
        case .string(let audience)?: [audience]
        case .array(let audiences)?: audiences.compactMap(\.string)
        default: []
        }
    }

    /// `exp` (seconds since 1970, fractions dropped); nil when it is missing or not a number.
    package var expiry: Timestamp? { seconds("exp").map(Timestamp.init(secondsSince1970:)) }

    /// Whether the token is current at `now`, allowing `skew` seconds of clock difference: it has an `exp` no more
    /// than `skew` before `now`, and an `iat`, when it has one, no more than `skew` after.
    package func isCurrent(at now: Timestamp, skew: Int64) -> Bool {
        guard let expiry = seconds("exp"), now.secondsSince1970 <= expiry + skew else { return false }
        guard claims[member: "iat"] != nil else { return true }
        guard let issued = seconds("iat") else { return false }
        return now.secondsSince1970 >= issued - skew
    }

    /// The whole seconds of the number claim `name` (fractions dropped); nil when it is missing or not a number.
    private func seconds(_ name: String) -> Int64? {
        guard case .number(let seconds)? = claims[member: name], seconds.isFinite,
              abs(seconds) < 9_007_199_254_740_992 else { return nil }
        return Int64(seconds.rounded(.down))
    }
}
