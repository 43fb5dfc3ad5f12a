import Customers
import JSON
import Store
import TollgateEvaluation

/// Play purchases as the store keeps them, under the purchase token: the newest Developer API read as the
/// transaction of id `<token>`, `{"kind": "subscription" | "product", "product": <id, for a product>, "read": <the
/// API's answer>}` at the time it was read, and a voided purchase's notification as `<token>:voided`.
enum PlayRecords {
    /// The stored form of `read`, Google's answer `json` about `token`, read at `time`.
    static func payload(_ read: PlayPurchase.Read, json: JSONValue, token: String, at time: Timestamp) -> StoredPayload {
        var writer = JSONWriter(capacity: 1024)
        writer.object { members in
            switch read {
            case .subscription:
                members.member("kind") { $0.string("subscription") }
            case .product(let product, _):
                members.member("kind") { $0.string("product") }
                members.member("product") { $0.string(product) }
            }
            members.member("read") { $0.value(json) }
        }
        return StoredPayload(id: token, signedDate: time, text: String(decoding: writer.bytes, as: UTF8.self))
    }

    /// The stored form of the voided-purchase notification `text` about `token`, sent at `time`.
    static func voided(token: String, at time: Timestamp, text: String) -> StoredPayload {
        StoredPayload(id: token + voidedSuffix, signedDate: time, text: text)
    }

    /// The Play purchase the store's rows make up; what was stored was read from Google, so a row that does not
    /// parse is skipped.
    static func purchase(_ record: PurchaseRecord) -> PlayPurchase {
        var purchase = PlayPurchase(token: record.key.purchase)
        for stored in record.transactions {
            if stored.id == record.key.purchase + voidedSuffix {
                purchase.void(at: stored.signedDate)
            } else if stored.id == record.key.purchase, let read = read(stored.text) {
                purchase.merge(read, at: stored.signedDate)
            }
        }
        return purchase
    }

    /// Google's answer as it was stored, or as the Developer API sent it for `kind`.
    static func read(_ text: String) -> PlayPurchase.Read? {
        guard let wrapper = try? JSONValue(reading: Array(text.utf8)), let body = wrapper[member: "read"] else {
            return nil
        }
        switch wrapper[member: "kind"]?.string {
        case "subscription": return try? .subscription(PlaySubscriptionPurchase(json: body))
        case "product":
            guard let product = wrapper[member: "product"]?.string else { return nil }
            return try? .product(productID: product, PlayProductPurchase(json: body))
        default: return nil
        }
    }

    private static let voidedSuffix = ":voided"
}
