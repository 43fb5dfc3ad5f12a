import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// A subscription's introductory offer is the one its store gives.
struct CatalogIntroMismatchRule: CatalogRule {
    static let id = "catalog-intro-mismatch"
    static let severity = Severity.warning
    static let category = "catalog"
    static let summary = "the intro offer's type, period or count differs, or one side has none"
    static let explanation = """
        The paywall states the introductory offer from the policy ('7 days free, then …'), but the store \
        decides what a new subscriber gets. An offer the store does not give is a promise the app breaks; one \
        the policy does not describe is a trial the paywall keeps quiet about, which App Review and Google Play \
        require to be stated. The offer's type (free trial, pay as you go, pay up front), the length of one \
        period and the number of periods are compared; an offer without a number of periods (a free trial) \
        lasts one period. A catalog that does not tell offers (such as an App Store Connect list saved without \
        them) says nothing. Make 'intro_offer' what the store gives, or change the offer in the store.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        comparison.matches.compactMap { match in
            guard match.catalog.tells(.introOffers), match.product.type.value == .autoRenewable else { return nil }
            let id = match.product.id.value
            let catalog = match.catalog.described
            switch (match.product.introOffer, match.listed.introOffer) {
            case (nil, nil):
                return nil
            case (let offer?, nil):
                return finding(
                    "product '\(id)' has an intro offer (\(Self.describe(offer))) in the policy but none in "
                        + catalog,
                    at: offer.type.span,
                    help: "create the offer in the store, or remove 'intro_offer' so the paywall does not promise it",
                    related: [.init(span: match.listed.id.span, message: "listed without an intro offer")])
            case (nil, let listed?):
                return finding(
                    "\(catalog) gives product '\(id)' an intro offer (\(Self.describe(listed))) that the policy "
                        + "does not have",
                    at: match.product.id.span,
                    help: "add 'intro_offer' to the product so the paywall states the offer",
                    related: [.init(span: listed.type.span, message: "the store's offer")])
            case (let offer?, let listed?):
                guard !Self.same(offer, listed) else { return nil }
                return finding(
                    "product '\(id)' has the intro offer \(Self.describe(offer)) in the policy but "
                        + "\(Self.describe(listed)) in \(catalog)",
                    at: offer.type.span,
                    help: "set 'intro_offer' to the store's offer, or change the offer in the store",
                    related: [.init(span: listed.type.span, message: "the store's offer")])
            }
        }
    }

    /// Whether the offers have one type, period length and number of periods; a period either side does not
    /// give, or does not give as an ISO 8601 duration, is not compared.
    static func same(_ offer: IntroOffer, _ listed: CatalogIntroOffer) -> Bool {
        guard offer.type.value == listed.type.value,
              (offer.periods?.value ?? 1) == (listed.periods?.value ?? 1) else { return false }
        guard let ours = offer.duration,
              let theirs = listed.duration else { return true }
        return ours == theirs
    }

    /// An offer as the policy spells it: "free-trial P1W", "pay-as-you-go 3 × P1M".
    static func describe(_ offer: IntroOffer) -> String {
        describe(offer.type.value, offer.period?.value, offer.periods?.value)
    }

    static func describe(_ offer: CatalogIntroOffer) -> String {
        describe(offer.type.value, offer.period?.value, offer.periods?.value)
    }

    private static func describe(_ type: IntroOfferType, _ period: String?, _ periods: Int?) -> String {
        let count = (periods ?? 1) == 1 ? "" : " \(periods ?? 1) ×"
        return "\(type.rawValue)\(count)" + (period.map { " \($0)" } ?? "")
    }
}
