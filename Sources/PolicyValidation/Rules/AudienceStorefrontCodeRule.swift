import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Every storefront an audience's `when` compares with is a country's ISO 3166-1 alpha-3 code.
struct AudienceStorefrontCodeRule: Rule {
    static let id = "audience-storefront-code"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "an audience's 'when' compares the storefront with something that is not a country's alpha-3 code"
    static let explanation = """
        The storefront is the country of the user's App Store account as StoreKit's \
        Storefront.countryCode gives it: an ISO 3166-1 alpha-3 code in capitals, such as "JPN" or "USA". \
        A two-letter code ("JP"), lowercase ("jpn") or a code no country has ("JPX") never matches, so the \
        audience would silently be empty. Write the country's three-letter code (the message suggests it).
        """

    /// The alpha-3 codes of real countries by their alpha-2 codes, from ICU.
    let storefronts: [String: String]

    func check(_ app: AppSources) -> [Diagnostic] {
        let codes = Set(storefronts.values)
        let malformed = conditionFindings(app, keep: { kind in
            if case .storefront(_) = kind { return true }
            return false
        }, help: { issue in
            guard case .storefront(let code) = issue.kind else { return issue.help }
            return help(for: code, codes: codes) ?? issue.help
        })
        guard !codes.isEmpty else { return malformed }
        let unknown = app.policy.audienceConditions.flatMap { site in
            ExpressionIssues.storefrontLiterals(in: site.condition.text.value).filter { literal in
                Self.isAlpha3Shaped(literal.code) && !codes.contains(literal.code)
            }.map { literal in
                finding("\(site.name): '\(literal.code)' is not the ISO 3166-1 alpha-3 code of a country",
                        at: site.condition.span(ofUTF8: literal.range),
                        help: help(for: literal.code, codes: codes)
                            ?? "write the three capital letters StoreKit's Storefront.countryCode gives, such as \"JPN\"")
            }
        }
        return malformed + unknown
    }

    /// What to write instead of `code`: the alpha-3 code of an alpha-2 code, a known code in capitals, or the
    /// closest known code.
    private func help(for code: String, codes: Set<String>) -> String? {
        let upper = code.uppercased()
        if let alpha3 = storefronts[upper] { return "write \"\(alpha3)\", the alpha-3 code of '\(upper)'" }
        if codes.contains(upper) { return "write \"\(upper)\" in capitals" }
        guard code.count == 3 else { return nil }
        return Suggestion.closest(to: upper, in: codes.sorted()).map { "did you mean \"\($0)\"?" }
    }

    private static func isAlpha3Shaped(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}
