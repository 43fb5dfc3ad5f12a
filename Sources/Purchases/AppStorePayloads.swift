import Customers
import JSON
import StoreSignatures
import TollgateEvaluation

/// The App Store's signed payloads, verified and checked against the app's policy before anything is stored.
struct AppStorePayloads: Sendable {
    let verifier: AppStoreVerifier

    /// A verified notification of `policy`'s app, with its verified transaction and renewal info.
    struct Notification {
        var notification: AppStoreNotification
        var text: String
        var transaction: Signed<AppStoreTransaction>?
        var renewal: Signed<AppStoreRenewalInfo>?
    }

    /// A verified payload and the JSON text it was decoded from.
    struct Signed<Payload> {
        var payload: Payload
        var text: String
    }

    /// Verifies and decodes `signedPayload`, an App Store Server Notification V2, and what it carries.
    func notification(_ signedPayload: String, policy: CustomerPolicy, now: Timestamp)
        throws(CustomerError) -> Notification
    {
        let verified = try verify(signedPayload, now: now)
        let notification: AppStoreNotification
        do {
            notification = try AppStoreNotification(json: verified.json)
        } catch {
            throw .invalidPayload("the notification's payload: \(error)")
        }
        try check(AppStorePayloadCheck(notification, bundleID: try bundleID(policy), appleID: policy.appleID))
        var result = Notification(notification: notification, text: verified.text)
        if let signed = notification.signedTransactionInfo {
            let transaction = try transaction(signed, policy: policy, now: now)
            guard transaction.payload.environment == notification.environment else {
                throw .invalidPayload("the transaction's environment '\(transaction.payload.environment)' is not the "
                                      + "notification's '\(notification.environment ?? "")'")
            }
            result.transaction = transaction
        }
        if let signed = notification.signedRenewalInfo {
            let verified = try verify(signed, now: now)
            let renewal: AppStoreRenewalInfo
            do {
                renewal = try AppStoreRenewalInfo(json: verified.json)
            } catch {
                throw .invalidPayload("the notification's renewal info: \(error)")
            }
            try check(AppStorePayloadCheck(renewal))
            guard renewal.environment == notification.environment else {
                throw .invalidPayload("the renewal info's environment '\(renewal.environment)' is not the "
                                      + "notification's '\(notification.environment ?? "")'")
            }
            if let transaction = result.transaction?.payload,
               transaction.originalTransactionID != renewal.originalTransactionID {
                throw .invalidPayload("the renewal info is of purchase '\(renewal.originalTransactionID)', the "
                                      + "transaction of '\(transaction.originalTransactionID)'")
            }
            result.renewal = Signed(payload: renewal, text: verified.text)
        }
        return result
    }

    /// Verifies and decodes a signed transaction of `policy`'s app.
    func transaction(_ signed: String, policy: CustomerPolicy, now: Timestamp)
        throws(CustomerError) -> Signed<AppStoreTransaction>
    {
        let verified = try verify(signed, now: now)
        let transaction: AppStoreTransaction
        do {
            transaction = try AppStoreTransaction(json: verified.json)
        } catch {
            throw .invalidPayload("the transaction: \(error)")
        }
        try check(AppStorePayloadCheck(transaction, bundleID: try bundleID(policy)))
        return Signed(payload: transaction, text: verified.text)
    }

    /// The verified payload of `jws`. Xcode's and StoreKit testing's data, which Apple never signs, is refused as
    /// such rather than as a bad signature; nothing else is read from a payload that does not verify.
    private func verify(_ jws: String, now: Timestamp) throws(CustomerError) -> VerifiedPayload {
        do {
            return try verifier.verify(jws, now: now)
        } catch {
            if let environment = Self.unverifiedEnvironment(of: jws), Self.unsigned.contains(environment) {
                throw .unsupportedEnvironment(environment)
            }
            throw .invalidSignature(error.description)
        }
    }

    /// The environments whose data is signed by Xcode, not by the App Store.
    private static let unsigned: Set<String> = ["Xcode", "LocalTesting"]

    /// The `environment` (or `data.environment`) a JWS's payload claims, read without trusting it.
    private static func unverifiedEnvironment(of jws: String) -> String? {
        guard case .object(let members)? = AppStoreVerifier.unverifiedPayload(of: jws) else { return nil }
        if case .string(let environment)? = members["environment"] { return environment }
        if case .object(let data)? = members["data"], case .string(let environment)? = data["environment"] {
            return environment
        }
        return nil
    }

    /// The policy's `app.bundle_id`, which every App Store payload must name.
    private func bundleID(_ policy: CustomerPolicy) throws(CustomerError) -> String {
        guard let bundleID = policy.bundleID else {
            throw .wrongApp("the policy of '\(policy.app)' has no app.bundle_id, so no App Store payload is its own")
        }
        return bundleID
    }

    private func check(_ result: AppStorePayloadCheck) throws(CustomerError) {
        switch result {
        case .ok: return
        case .wrongApp(let detail): throw .wrongApp(detail)
        case .unsupportedEnvironment(let environment): throw .unsupportedEnvironment(environment)
        }
    }
}
