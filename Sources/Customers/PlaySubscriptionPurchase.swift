package import JSON
package import TollgateEvaluation

/// A subscription as the Developer API's `purchases.subscriptionsv2.get` answers it (`SubscriptionPurchaseV2`): the
/// members the entitlements, the owner and the acknowledgement are derived from, Google's texts kept as sent.
package struct PlaySubscriptionPurchase: Hashable, Sendable {
    /// `subscriptionState`, such as `SUBSCRIPTION_STATE_ACTIVE`; a text Google adds later is kept.
    package var state: String
    /// What the subscription holds: one item per product (more than one for a bundle of subscriptions).
    package var lineItems: [LineItem]
    /// Whether `testPurchase` is present: a license tester's purchase, which is sandbox.
    package var testPurchase: Bool
    /// `acknowledgementState` is `ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED`.
    package var acknowledged: Bool
    /// `externalAccountIdentifiers.obfuscatedExternalAccountId`: the account id the app set on the purchase.
    package var accountID: String?
    package var startTime: Timestamp?
    /// The token this subscription replaced (an upgrade, a downgrade or a resubscription).
    package var linkedPurchaseToken: String?
    /// `latestOrderId` (deprecated by Google for the line items' `latestSuccessfulOrderId`).
    package var latestOrderID: String?

    /// One product of the subscription (`SubscriptionPurchaseLineItem`).
    package struct LineItem: Hashable, Sendable {
        package var productID: String
        /// `offerDetails.basePlanId`.
        package var basePlanID: String?
        /// `offerDetails.offerId`: set when the item was bought with an offer rather than the base plan alone.
        package var offerID: String?
        /// When access ends (or ended), unless renewed.
        package var expiryTime: Timestamp?
        /// `autoRenewingPlan.autoRenewEnabled`; false for a prepaid plan.
        package var autoRenewEnabled: Bool
        /// From `offerPhase` when Google sends it (`freeTrial` trial, `introductoryPrice` intro, `basePrice` and
        /// `prorationPeriod` normal); else promotional when the item has an `offerId`, normal without one.
        package var periodType: PeriodType
        package var latestSuccessfulOrderID: String?
        /// `autoRenewingPlan.recurringPrice`: what each renewal costs; nil for a prepaid plan and in older answers.
        package var recurringPrice: Money?

        init(_ item: PayloadReader) throws(PayloadError) {
            productID = try item.string(required: "productId")
            let offer = try item.object("offerDetails")
            basePlanID = try offer?.string("basePlanId")
            offerID = try offer?.string("offerId")
            expiryTime = try item.time("expiryTime")
            let plan = try item.object("autoRenewingPlan")
            autoRenewEnabled = try plan?.bool("autoRenewEnabled") ?? false
            recurringPrice = try plan?.object("recurringPrice").map { (money) throws(PayloadError) in try Money(money) }
            latestSuccessfulOrderID = try item.string("latestSuccessfulOrderId")
            let phase = try item.object("offerPhase")
            if phase?.has("freeTrial") == true {
                periodType = .trial
            } else if phase?.has("introductoryPrice") == true {
                periodType = .intro
            } else if phase != nil {
                periodType = .normal
            } else {
                periodType = offerID == nil ? .normal : .promotional
            }
        }
    }

    /// An amount of money as Google sends it (`google.type.Money`): whole `units` and `nanos` (billionths, of the
    /// same sign) of `currencyCode`.
    package struct Money: Hashable, Sendable {
        package var currencyCode: String
        package var units: Int64
        package var nanos: Int64

        init(_ money: PayloadReader) throws(PayloadError) {
            currencyCode = try money.string(required: "currencyCode")
            units = try money.wholeNumber("units", expected: "a whole number") ?? 0
            nanos = try money.integer("nanos") ?? 0
        }

        /// The amount as exact decimal text: units 4 and nanos 990000000 are `4.99`.
        package var decimal: String {
            Conversion.decimal(whole: units.magnitude, fraction: nanos.magnitude, digits: 9,
                               negative: units < 0 || nanos < 0)
        }
    }

    /// Reads the answer; `subscriptionState` and each line item's `productId` are required, and every member
    /// present must have its documented kind (times RFC 3339, with or without a fraction).
    package init(json: JSONValue) throws(PayloadError) {
        let payload = try PayloadReader(json)
        state = try payload.string(required: "subscriptionState")
        var items: [LineItem] = []
        for item in try payload.objects("lineItems") { items.append(try LineItem(item)) }
        lineItems = items
        testPurchase = payload.has("testPurchase")
        acknowledged = try payload.string("acknowledgementState") == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
        accountID = try payload.object("externalAccountIdentifiers")?.string("obfuscatedExternalAccountId")
        startTime = try payload.time("startTime")
        linkedPurchaseToken = try payload.string("linkedPurchaseToken")
        latestOrderID = try payload.string("latestOrderId")
    }
}
