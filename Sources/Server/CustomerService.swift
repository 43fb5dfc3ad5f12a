package import Customers
package import TollgateEvaluation

/// The customers the stores confirm, as the customer routes call them: each call verifies what it is given,
/// reads or changes the store in one transaction, and answers only once that is committed.
package protocol CustomerService: Sendable {
    /// Verifies an App Store Server Notification V2 (`signedPayload`) and applies it to the purchase it names.
    func receiveAppStoreNotification(signedPayload: String, policy: CustomerPolicy, now: Timestamp)
        throws(CustomerError) -> NotificationReceipt

    /// Verifies a transaction the app sent for `customer` (StoreKit 2's `jwsRepresentation`), records it as
    /// theirs and answers their document.
    func recordAppStoreTransaction(_ signedTransaction: String, customer: CustomerID, policy: CustomerPolicy,
                                   now: Timestamp) throws(CustomerError) -> CustomerDocument

    /// Authenticates a Pub/Sub push of a Play real-time developer notification (its `Authorization` header),
    /// reads the purchase it names from Google and applies it once, by `messageId`.
    func receivePlayNotification(_ body: [UInt8], authorization: String?, policy: CustomerPolicy, now: Timestamp)
        async throws(CustomerError) -> NotificationReceipt

    /// Reads the Play purchase of `token` (for the policy's `product`), records it as `customer`'s and answers
    /// their document.
    func recordPlayPurchase(token: String, product: String, customer: CustomerID, policy: CustomerPolicy,
                            now: Timestamp) async throws(CustomerError) -> CustomerDocument

    /// The customer's entitlements, credits and history at `now`; one who bought nothing has empty lists.
    func document(of customer: CustomerID, environment: StoreEnvironment, policy: CustomerPolicy, now: Timestamp)
        throws(CustomerError) -> CustomerDocument

    /// The customer's entitlements at `now`, as the evaluator takes them.
    func entitlements(of customer: CustomerID, environment: StoreEnvironment, policy: CustomerPolicy,
                      now: Timestamp) throws(CustomerError) -> [Entitlement]

    /// Forgets the customer: their purchases' links, their credits and their history.
    func forget(_ customer: CustomerID, app: String) throws(CustomerError)

    /// Spends `amount` of the customer's `currency` in `environment` once per `idempotencyKey`; the same key
    /// from the same customer again answers the first answer.
    func spend(_ amount: Int64, of currency: String, customer: CustomerID, environment: StoreEnvironment,
               idempotencyKey: String, app: String, now: Timestamp) throws(CustomerError) -> SpendReceipt
}
