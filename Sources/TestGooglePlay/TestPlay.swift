import Foundation
import JSON
import StoreSignatures
import TestSupport
package import TollgateEvaluation

/// Signs Pub/Sub push tokens (RS256, the kid of `FakeGoogle`'s JWKS) with the fixture key, and builds push bodies
/// and Play purchases as Google writes them.
package enum TestPlay {
    /// The key id `FakeGoogle` serves the fixture key under by default.
    package static let keyID = "tollgate-test-push-key"
    /// The push subscription's service account in the tokens by default.
    package static let pushAccount = "pubsub@example-project.iam.gserviceaccount.com"

    /// A push token as Pub/Sub's OIDC tokens carry claims (`aud`, `azp`, `email`, `email_verified`, `exp`, `iat` an
    /// hour before `exp`, `iss`, `sub`), signed with the service account's fixture key, or with the key no test
    /// trusts when `otherKey`.
    package static func pushToken(audience: String, email: String = pushAccount, emailVerified: Bool = true,
                                  issuer: String = "https://accounts.google.com", expires: Timestamp,
                                  kid: String = keyID, otherKey: Bool = false) throws -> String {
        let file = otherKey ? "google/other-key.pem" : "google/service-account-key.pem"
        let signer = try RS256Signer(privateKeyPEM: String(contentsOfFile: Fixtures.path(file), encoding: .utf8),
                                     keyID: kid)
        var claims = JSONWriter()
        claims.object { members in
            members.member("aud") { $0.string(audience) }
            members.member("azp") { $0.string("100000000000000000002") }
            members.member("email") { $0.string(email) }
            members.member("email_verified") { $0.bool(emailVerified) }
            members.member("exp") { $0.integer(expires.secondsSince1970) }
            members.member("iat") { $0.integer(expires.secondsSince1970 - 3600) }
            members.member("iss") { $0.string(issuer) }
            members.member("sub") { $0.string("100000000000000000002") }
        }
        return try signer.sign(claims: String(decoding: claims.bytes, as: UTF8.self))
    }

    /// A Pub/Sub push body whose `data` is the base64 DeveloperNotification `{"version": "1.0", "packageName",
    /// "eventTimeMillis" (a string, as Google's samples send it), <notification>}`; `notification` is the JSON text
    /// of its one member, e.g. `"subscriptionNotification": {...}`.
    package static func pushBody(messageID: String, packageName: String, notification: String,
                                 eventTime: Timestamp) -> String {
        let milliseconds = String(eventTime.secondsSince1970 * 1000)
        let developerNotification = #"{"version":"1.0","packageName":"# + JSONWriter.quoted(packageName)
            + #","eventTimeMillis":"# + JSONWriter.quoted(milliseconds) + "," + notification + "}"
        var writer = JSONWriter(capacity: 1024)
        writer.object { members in
            members.member("message") { message in
                message.object { fields in
                    fields.member("attributes") { $0.object([String: String]()) }
                    fields.member("data") { $0.string(Data(developerNotification.utf8).base64EncodedString()) }
                    fields.member("messageId") { $0.string(messageID) }
                    fields.member("publishTime") { $0.string(eventTime.description) }
                }
            }
            members.member("subscription") { $0.string("projects/example-project/subscriptions/play-notifications") }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The `subscriptionNotification` member of a DeveloperNotification: notification `type` (4 purchased, 2
    /// renewed…) of the purchase `token`.
    package static func subscriptionNotification(_ type: Int, token: String) -> String {
        #""subscriptionNotification":{"version":"1.0","notificationType":\#(type),"purchaseToken":"# + JSONWriter.quoted(token)
            + "}"
    }

    /// The `oneTimeProductNotification` member: `type` 1 purchased or 2 canceled, of `token` for product `sku`.
    package static func oneTimeNotification(_ type: Int, token: String, sku: String) -> String {
        #""oneTimeProductNotification":{"version":"1.0","notificationType":\#(type),"purchaseToken":"#
            + JSONWriter.quoted(token) + #","sku":"# + JSONWriter.quoted(sku) + "}"
    }

    /// The `voidedPurchaseNotification` member: a full refund of `token`, `productType` 1 subscription or 2 one-time.
    package static func voidedNotification(token: String, productType: Int) -> String {
        #""voidedPurchaseNotification":{"purchaseToken":"# + JSONWriter.quoted(token)
            + #","orderId":"GPA.9","productType":\#(productType),"refundType":1}"#
    }

    /// The `testNotification` member, as Play Console's "Send test notification" sends it.
    package static let testNotification = #""testNotification":{"version":"1.0"}"#

    /// A SubscriptionPurchaseV2 with one line item; `state` is the full `SUBSCRIPTION_STATE_…` name or what
    /// follows the prefix ("ACTIVE"). It started 30 days before `expiry`.
    package static func subscription(state: String, productID: String, basePlanID: String?, expiry: Timestamp,
                                     acknowledged: Bool, test: Bool = false, accountID: String? = nil,
                                     autoRenew: Bool = true, offerID: String? = nil) -> String {
        let prefix = "SUBSCRIPTION_STATE_"
        let orderID = "GPA.3300-\(expiry.secondsSince1970 % 10_000)-0000-00000"
        var writer = JSONWriter(capacity: 1024)
        writer.object { members in
            members.member("acknowledgementState") {
                $0.string(acknowledged ? "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED" : "ACKNOWLEDGEMENT_STATE_PENDING")
            }
            if let accountID {
                members.member("externalAccountIdentifiers") { identifiers in
                    identifiers.object { $0.member("obfuscatedExternalAccountId") { $0.string(accountID) } }
                }
            }
            members.member("kind") { $0.string("androidpublisher#subscriptionPurchaseV2") }
            members.member("latestOrderId") { $0.string(orderID) }
            members.member("lineItems") { items in
                items.array([0]) { item, _ in
                    item.object { fields in
                        fields.member("autoRenewingPlan") { plan in
                            plan.object { $0.member("autoRenewEnabled") { $0.bool(autoRenew) } }
                        }
                        fields.member("expiryTime") { $0.string(expiry.description) }
                        fields.member("latestSuccessfulOrderId") { $0.string(orderID) }
                        if let basePlanID {
                            fields.member("offerDetails") { details in
                                details.object { offer in
                                    offer.member("basePlanId") { $0.string(basePlanID) }
                                    if let offerID { offer.member("offerId") { $0.string(offerID) } }
                                }
                            }
                        }
                        fields.member("productId") { $0.string(productID) }
                    }
                }
            }
            members.member("regionCode") { $0.string("US") }
            members.member("startTime") {
                $0.string(Timestamp(secondsSince1970: expiry.secondsSince1970 - 30 * 86_400).description)
            }
            members.member("subscriptionState") { $0.string(state.hasPrefix(prefix) ? state : prefix + state) }
            if test { members.member("testPurchase") { $0.object([String: String]()) } }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A ProductPurchase (purchases.products.get): `purchaseState` 0 purchased, 1 canceled, 2 pending;
    /// `purchaseType` 0 when `test`, absent otherwise.
    package static func product(purchaseState: Int, consumed: Bool, acknowledged: Bool, test: Bool = false,
                                accountID: String? = nil, orderID: String, quantity: Int = 1,
                                purchaseTime: Timestamp) -> String {
        var writer = JSONWriter(capacity: 512)
        writer.object { members in
            members.member("acknowledgementState") { $0.integer(acknowledged ? 1 : 0) }
            members.member("consumptionState") { $0.integer(consumed ? 1 : 0) }
            members.member("developerPayload") { $0.string("") }
            members.member("kind") { $0.string("androidpublisher#productPurchase") }
            if let accountID { members.member("obfuscatedExternalAccountId") { $0.string(accountID) } }
            members.member("orderId") { $0.string(orderID) }
            members.member("purchaseState") { $0.integer(purchaseState) }
            members.member("purchaseTimeMillis") { $0.string(String(purchaseTime.secondsSince1970 * 1000)) }
            if test { members.member("purchaseType") { $0.integer(0) } }
            members.member("quantity") { $0.integer(quantity) }
            members.member("regionCode") { $0.string("US") }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
