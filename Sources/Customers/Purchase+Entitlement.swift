package import TollgateEvaluation

extension Purchase {
    /// The purchase's entitlement at `now`, for the product type Apple's `type` names (the policy's
    /// `product.type` when Apple's text is unknown); nil for a consumable, for an empty purchase, for a
    /// subscription known only by transactions it was upgraded from, and for an environment other than
    /// `Production` or `Sandbox`.
    ///
    /// - Auto-renewable: the transaction with the latest `expiresDate` that was not upgraded from is `revoked`
    ///   when it has a `revocationDate` (a refund of an earlier renewal leaves the current period alone), else
    ///   `active` until it expires, then, from the renewal info, `grace_period` until `gracePeriodExpiresDate`,
    ///   `billing_retry` while billing is retried, else `expired`.
    /// - Non-consumable: the latest purchase, `active`, or `revoked` once it has a `revocationDate` (a reversed
    ///   refund's newer version without one restores it).
    /// - Non-renewing: the latest purchase, `active` for the product's `period` from `purchaseDate` (months, then
    ///   days, in the UTC calendar; its `expiresDate` without a period, and no end without either), then
    ///   `expired`; `revoked` once refunded.
    package func entitlement(at now: Timestamp, product: ProductFacts?) -> CustomerEntitlement? {
        guard let latest = latestPurchase, let type = latest.productType ?? product?.type else { return nil }
        let current: AppStoreTransaction
        let access: (state: EntitlementState, expires: Timestamp?)
        switch type {
        case .consumable:
            return nil
        case .autoRenewable:
            guard let period = currentPeriod, let end = period.expiresDate else { return nil }
            current = period
            if period.revocationDate != nil {
                access = (.revoked, nil)
            } else if end > now {
                access = (.active, end)
            } else if let grace = renewal?.gracePeriodExpiresDate, grace > now {
                access = (.gracePeriod, grace)
            } else {
                access = (renewal?.isInBillingRetryPeriod == true ? .billingRetry : .expired, nil)
            }
        case .nonConsumable:
            current = latest
            access = (latest.revocationDate == nil ? .active : .revoked, nil)
        case .nonRenewing:
            current = latest
            let end = product?.period.map { UTCCalendar.adding($0, to: latest.purchaseDate) } ?? latest.expiresDate
            if latest.revocationDate != nil {
                access = (.revoked, nil)
            } else if let end, end <= now {
                access = (.expired, nil)
            } else {
                access = (.active, end)
            }
        }
        guard let environment = StoreEnvironment(appStore: current.environment) else { return nil }
        return CustomerEntitlement(
            product: current.productID, state: access.state, expires: access.expires, store: .appStore,
            environment: environment, originalTransaction: originalTransactionID, ownership: current.ownership,
            periodType: PeriodType(offerType: current.offerType, offerDiscountType: current.offerDiscountType),
            willRenew: renewal?.willRenew ?? false)
    }

    /// The product the purchase's entitlement names, to look its facts up by: the current period's product for a
    /// subscription (an upgrade moves it to the new product), else the latest purchase's.
    package var productID: String? {
        guard let latest = latestPurchase else { return nil }
        return latest.productType == .autoRenewable ? currentPeriod?.productID : latest.productID
    }

    /// The transaction bought last (the greater id on a tie).
    private var latestPurchase: AppStoreTransaction? {
        transactions.values.max { ($0.purchaseDate, $0.transactionID) < ($1.purchaseDate, $1.transactionID) }
    }

    /// The subscription period that ends last among the transactions not upgraded from (the later purchase, then
    /// the greater id, on a tie).
    private var currentPeriod: AppStoreTransaction? {
        let periods = transactions.values.compactMap { transaction in
            transaction.isUpgraded ? nil : transaction.expiresDate.map { (end: $0, transaction: transaction) }
        }
        return periods.max {
            ($0.end, $0.transaction.purchaseDate, $0.transaction.transactionID)
                < ($1.end, $1.transaction.purchaseDate, $1.transaction.transactionID)
        }?.transaction
    }
}
