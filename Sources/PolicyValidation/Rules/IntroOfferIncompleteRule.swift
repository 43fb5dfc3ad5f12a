import Diagnostics
import PolicyModel
import TollgateEvaluation

/// An introductory offer states what its type needs: its period, how many periods, and its prices.
struct IntroOfferIncompleteRule: Rule {
    static let id = "intro-offer-incomplete"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "an intro offer lacks the period, number of periods or prices its type needs"
    static let explanation = """
        A free trial needs its length ('period'). A pay-up-front offer needs the length it covers and its \
        price ('reference_prices'); a pay-as-you-go offer needs the length of one period, how many periods \
        ('periods', 1 or more) and the price per period. App Review and Google Play both require the \
        paywall to state the offer's duration and price, so they cannot be left out. Add what the message \
        names.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.products.filter { $0.type.value == .autoRenewable }.flatMap { product -> [Diagnostic] in
            guard let offer = product.introOffer else { return [] }
            let type = offer.type.value
            var missing: [String] = []
            if offer.period == nil { missing.append("period") }
            if type == .payAsYouGo, offer.periods == nil { missing.append("periods") }
            if type != .freeTrial, offer.referencePrices.isEmpty { missing.append("reference_prices") }
            var findings: [Diagnostic] = []
            if !missing.isEmpty {
                let keys = missing.map { "'\($0)'" }.joinedAsProse("or")
                findings.append(finding(
                    "\(type.rawValue) intro offer of '\(product.id.value)' has no \(keys)", at: offer.span,
                    help: "add \(missing.map { Self.example($0, type) }.joinedAsProse())"))
            }
            if type == .payAsYouGo, let periods = offer.periods, periods.value < 1 {
                findings.append(finding(
                    "pay-as-you-go intro offer of '\(product.id.value)' lasts \(periods.value) periods; "
                        + "expected 1 or more", at: periods.span, help: "set 'periods:' to how many periods "
                        + "the intro price is billed, e.g. 'periods: 3'"))
            }
            return findings
        }
    }

    /// An example line for a missing key.
    private static func example(_ key: String, _ type: IntroOfferType) -> String {
        switch key {
        case "period": type == .freeTrial ? "'period: P1W'" : "'period: P1M'"
        case "periods": "'periods: 3'"
        default: "'reference_prices: { USD: \"0.99\" }'"
        }
    }
}
