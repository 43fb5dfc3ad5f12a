import Diagnostics
import PolicyModel

/// A paywall's highlight is one of the products it offers.
struct PaywallHighlightOutsideRule: Rule {
    static let id = "paywall-highlight-outside"
    static let severity = Severity.error
    static let category = "paywalls"
    static let summary = "a paywall highlights a product it does not offer"
    static let explanation = """
        'highlight' picks the product a paywall features (and whose values 'title' and 'subtitle' show). \
        It must be one of the paywall's own 'products'; otherwise the highlighted plan is missing from the \
        list users choose from. Highlight one of the listed products, or add it to the list.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.paywalls.compactMap { paywall in
            let offered = paywall.products.map(\.value)
            // An empty paywall is reported by paywall-empty.
            guard let highlight = paywall.highlight, !offered.isEmpty, !offered.contains(highlight.value) else {
                return nil
            }
            return finding("paywall '\(paywall.id.value)' highlights '\(highlight.value)', which it does not offer",
                           at: highlight.span,
                           help: Suggestion.didYouMean(highlight.value, in: offered.filter(app.policy.isSuggestable))
                               ?? "highlight one of its products or add it to 'products'")
        }
    }
}
