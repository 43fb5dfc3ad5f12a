package import Diagnostics
package import TollgateEvaluation

/// The store's product types, spelled as in the policy file.
package typealias ProductType = TollgateEvaluation.ProductType

extension ProductType {
    /// Whether the store restores it on a new device (App Review 3.1.1).
    package var isRestorable: Bool { self == .nonConsumable || self == .autoRenewable }

    /// Whether it is sold for a period of time.
    package var isSubscription: Bool { self == .autoRenewable || self == .nonRenewing }
}

/// The stores that sell products, spelled as in the policy file.
package typealias Marketplace = TollgateEvaluation.Marketplace

/// An in-app purchase product as the store knows it, and the tiers it grants.
package struct Product: Hashable, Sendable {
    package var id: Located<String>
    package var type: Located<ProductType>
    package var grants: [Located<String>]
    package var group: Located<String>?
    /// The subscription period as written, such as `P1M`.
    package var period: Located<String>? { didSet { duration = period.flatMap { ISOPeriod($0.value) } } }
    /// `period` read as an ISO 8601 duration when the product is built, so that no rule parses it again; nil when
    /// there is no period or it is not a duration.
    package private(set) var duration: ISOPeriod?
    package var introOffer: IntroOffer?
    package var referenceName: Located<String>?
    package var referencePrices: [ReferencePrice]
    package var credits: Credits?
    /// The stores that sell it, when the product says (`stores`); nil means every store the app declares.
    package var stores: [Located<Marketplace>]?
    /// The whole product entry.
    package var span: SourceSpan

    package init(
        id: Located<String>, type: Located<ProductType>, grants: [Located<String>], group: Located<String>?,
        period: Located<String>?, introOffer: IntroOffer?, referenceName: Located<String>?,
        referencePrices: [ReferencePrice], credits: Credits?, stores: [Located<Marketplace>]? = nil, span: SourceSpan
    ) {
        self.id = id
        self.type = type
        self.grants = grants
        self.group = group
        self.period = period
        duration = period.flatMap { ISOPeriod($0.value) }
        self.introOffer = introOffer
        self.referenceName = referenceName
        self.referencePrices = referencePrices
        self.credits = credits
        self.stores = stores
        self.span = span
    }
}

/// The kinds of introductory offer the stores support.
package enum IntroOfferType: String, Hashable, Sendable, CaseIterable {
    case freeTrial = "free-trial"
    case payAsYouGo = "pay-as-you-go"
    case payUpFront = "pay-up-front"
}

/// An introductory offer on a subscription, as StoreKit describes one.
package struct IntroOffer: Hashable, Sendable {
    package var type: Located<IntroOfferType>
    /// The length of one offer period (the whole trial for a free trial).
    package var period: Located<String>? { didSet { duration = period.flatMap { ISOPeriod($0.value) } } }
    /// `period` read as an ISO 8601 duration when the offer is built; nil when there is none or it is not one.
    package private(set) var duration: ISOPeriod?
    /// How many periods a pay-as-you-go offer lasts.
    package var periods: Located<Int>?
    /// The offer price per period (pay-as-you-go) or for the whole offer (pay-up-front).
    package var referencePrices: [ReferencePrice]
    package var span: SourceSpan

    package init(type: Located<IntroOfferType>, period: Located<String>?, periods: Located<Int>?,
                 referencePrices: [ReferencePrice], span: SourceSpan) {
        self.type = type
        self.period = period
        duration = period.flatMap { ISOPeriod($0.value) }
        self.periods = periods
        self.referencePrices = referencePrices
        self.span = span
    }
}

/// A reference price: an ISO 4217 currency code and a decimal amount, for previews and sanity checks.
package struct ReferencePrice: Hashable, Sendable {
    package var currency: Located<String>
    package var amount: Located<String>

    package init(currency: Located<String>, amount: Located<String>) {
        self.currency = currency
        self.amount = amount
    }
}

/// What a consumable adds to the user's balance.
package struct Credits: Hashable, Sendable {
    package var currency: Located<String>
    package var amount: Located<Int>

    package init(currency: Located<String>, amount: Located<Int>) {
        self.currency = currency
        self.amount = amount
    }
}

/// A subscription group; `levels` lists its products from the highest level of service down.
package struct SubscriptionGroup: Hashable, Sendable {
    package var id: Located<String>
    package var title: Located<String>?
    package var levels: [Located<String>]
    package var span: SourceSpan

    package init(id: Located<String>, title: Located<String>?, levels: [Located<String>], span: SourceSpan) {
        self.id = id
        self.title = title
        self.levels = levels
        self.span = span
    }
}
