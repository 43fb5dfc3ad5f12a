import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Only auto-renewable subscriptions have introductory offers.
struct IntroOfferOnlyOnSubscriptionRule: Rule {
    static let id = "intro-offer-only-on-subscription"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "'intro_offer' on a product that is not an auto-renewable subscription"
    static let explanation = """
        Free trials and introductory prices exist only for auto-renewable subscriptions, in both stores. On \
        any other product the offer cannot be created, and a paywall promising it would mislead users. \
        Remove 'intro_offer', or offer a time-limited trial of a non-consumable the way App Review \
        guideline 3.1.1 describes (a free non-consumable named 'XX-day Trial').
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.products.compactMap { product in
            guard let offer = product.introOffer, product.type.value != .autoRenewable else { return nil }
            return finding("\(product.type.value.rawValue) '\(product.id.value)' has an intro offer; only "
                               + "auto-renewable subscriptions have them", at: offer.span,
                           help: "remove 'intro_offer'")
        }
    }
}
