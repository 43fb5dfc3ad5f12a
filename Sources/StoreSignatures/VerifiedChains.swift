import COpenSSL
import Foundation
import Synchronization
import TollgateEvaluation

/// Chains a verifier has verified, by the leaf and intermediate as a JWS's `x5c` carries them, with the time
/// range in which all three certificates are valid: App Store payloads come signed by a handful of chains, so
/// a later payload of one needs only its own signature checked and its signing date inside that range. What the
/// chain check decides besides the time (the signatures, the roots, the constraints, Apple's OIDs) depends on the
/// certificates alone.
final class VerifiedChains: Sendable {
    /// A verified chain: its leaf, to check signatures with, and the seconds in which the chain is valid.
    struct Chain: Sendable {
        let leaf: Certificate
        let validity: ClosedRange<Int64>
    }

    private let chains = Mutex<[String: Chain]>([:])
    /// The most chains kept; past it the cache starts again empty.
    private static let capacity = 64

    /// The leaf of the chain `key` names when it was verified and is valid at `time`.
    func leaf(_ key: String, at time: Timestamp) -> Certificate? {
        chains.withLock { chains in
            guard let chain = chains[key], chain.validity.contains(time.secondsSince1970) else { return nil }
            return chain.leaf
        }
    }

    /// Keeps a chain verified with `leaf`, whose certificates are valid together for `validity`.
    func keep(_ key: String, leaf: Certificate, validity: ClosedRange<Int64>) {
        chains.withLock { chains in
            if chains.count >= Self.capacity { chains.removeAll(keepingCapacity: true) }
            chains[key] = Chain(leaf: leaf, validity: validity)
        }
    }

    /// The time range in which every certificate of `chain` is valid; nil when a date cannot be read.
    static func validity(of chain: OpaquePointer) -> ClosedRange<Int64>? {
        var start = Int64.min
        var end = Int64.max
        for index in 0..<copenssl_certificates_count(chain) {
            guard let certificate = copenssl_certificates_value(chain, index),
                  let notBefore = seconds(X509_get0_notBefore(certificate)),
                  let notAfter = seconds(X509_get0_notAfter(certificate)) else { return nil }
            // OpenSSL holds a certificate expired at its notAfter second itself.
            start = max(start, notBefore)
            end = min(end, notAfter - 1)
        }
        return start <= end ? start...end : nil
    }

    /// An ASN.1 time as seconds since 1970.
    private static func seconds(_ time: UnsafePointer<ASN1_TIME>?) -> Int64? {
        var parts = tm()
        guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Int64(timegm(&parts))
    }
}
