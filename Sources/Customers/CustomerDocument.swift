import JSON
package import TollgateEvaluation

/// One customer of an app as the customer route answers it: the entitlements their purchases give at a
/// moment, their credit balances and what happened to their purchases.
package struct CustomerDocument: Hashable, Sendable {
    package var app: String
    package var customer: CustomerID
    package var environment: StoreEnvironment
    package var entitlements: [CustomerEntitlement]
    /// Balance by credit currency.
    package var credits: [String: Int64]
    /// Oldest first.
    package var history: [CustomerHistoryItem]

    package init(app: String, customer: CustomerID, environment: StoreEnvironment,
                 entitlements: [CustomerEntitlement], credits: [String: Int64], history: [CustomerHistoryItem]) {
        self.app = app
        self.customer = customer
        self.environment = environment
        self.entitlements = entitlements
        self.credits = credits
        self.history = history
    }

    /// `{"app", "customer", "environment", "entitlements", "credits", "history"}`.
    package func json() -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.object { members in
            members.member("app") { $0.string(app) }
            members.member("customer") { $0.string(customer.text) }
            members.member("environment") { $0.string(environment.rawValue) }
            members.member("entitlements") { writer in
                writer.array(entitlements) { writer, entry in entry.write(to: &writer) }
            }
            members.member("credits") { writer in
                writer.object(credits) { writer, balance in writer.integer(balance) }
            }
            members.member("history") { writer in
                writer.array(history) { writer, item in item.write(into: &writer) }
            }
        }
        return writer.bytes
    }
}

/// One thing that happened to a customer's purchases or credits.
package struct CustomerHistoryItem: Hashable, Sendable {
    package var time: Timestamp
    /// `app-store` or `play`; `tollgate` for a spend.
    package var store: String
    /// The notification type, `transaction` for a transaction the app posted, `spend`, `restore`…
    package var event: String
    package var product: String?
    package var transaction: String?
    /// What it did, in words: "granted premium.monthly until …", "transferred to customer-2".
    package var effect: String

    package init(time: Timestamp, store: String, event: String, product: String?, transaction: String?,
                 effect: String) {
        self.time = time
        self.store = store
        self.event = event
        self.product = product
        self.transaction = transaction
        self.effect = effect
    }

    func write(into writer: inout JSONWriter) {
        writer.object { members in
            members.member("time") { $0.string(time.description) }
            members.member("store") { $0.string(store) }
            members.member("event") { $0.string(event) }
            members.member("product") { $0.optionalString(product) }
            members.member("transaction") { $0.optionalString(transaction) }
            members.member("effect") { $0.string(effect) }
        }
    }
}
