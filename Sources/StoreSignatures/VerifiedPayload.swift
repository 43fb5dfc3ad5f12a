package import JSON
package import TollgateEvaluation

/// The payload of a JWS whose signature and chain verified.
package struct VerifiedPayload: Sendable {
    /// The payload, read.
    package var json: JSONValue
    /// The payload's JSON text, exactly as signed.
    package var text: String
    /// The payload's `signedDate` (milliseconds in the payload) to the second; nil when it has none.
    package var signedDate: Timestamp?
}
