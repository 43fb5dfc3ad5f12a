import Diagnostics
import Foundation
import PolicyModel

/// An app that sells anything must link its terms of use and privacy policy over https.
struct LegalLinksRule: Rule {
    static let id = "legal-links"
    static let severity = Severity.error
    static let category = "review"
    static let summary = "products are sold without https links to the terms of use and privacy policy"
    static let checklistItem: String? = "Terms of use and privacy policy links (3.1.2, 5.1.1)"
    static let explanation = """
        App Review guideline 3.1.2 (with Schedule 2 of the developer agreement) asks apps that sell \
        subscriptions to link their terms of use, and guideline 5.1.1 asks every app to link its privacy \
        policy, inside the app; the paywall renders both links from 'app.legal'. Set 'terms_url' and \
        'privacy_url' to https:// addresses that open in a browser.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let legal = app.policy.app.legal
        guard !app.policy.products.isEmpty else { return [] }
        return [("terms_url", "terms of use", legal.termsURL), ("privacy_url", "privacy policy", legal.privacyURL)]
            .compactMap { key, name, url in
                guard let url else {
                    return finding("products are sold but 'app.legal.\(key)' is missing", at: legal.span,
                                   help: "add '\(key): https://…', the address of the \(name)")
                }
                guard !Self.isValid(url.value) else { return nil }
                return finding("\(name) link '\(url.value)' is not an https URL", at: url.span,
                               help: "write the full address, starting with 'https://'")
            }
    }

    func evidence(_ app: AppSources) -> String {
        let legal = app.policy.app.legal
        guard !app.policy.products.isEmpty, let terms = legal.termsURL, let privacy = legal.privacyURL else {
            return "nothing is sold"
        }
        return "terms: \(terms.value); privacy: \(privacy.value)"
    }

    /// Whether `text` is an absolute https URL with a host.
    static func isValid(_ text: String) -> Bool {
        guard text.lowercased().hasPrefix("https://"), let url = URL(string: text), let host = url.host else {
            return false
        }
        return !host.isEmpty
    }
}
