import Foundation
@testable import PolicyValidation
import Testing

@Suite("legal-links")
struct LegalLinksTests {
    @Test(arguments: ["https://example.com/terms", "HTTPS://EXAMPLE.COM", "https://example.com:8443/a?b=c#d"])
    func valid(_ url: String) {
        #expect(LegalLinksRule.isValid(url))
    }

    @Test(arguments: ["http://example.com/terms", "example.com/terms", "https://", "https:///terms",
                      "https://exa mple.com", "ftp://example.com", "", "mailto:legal@example.com"])
    func invalid(_ url: String) {
        #expect(!LegalLinksRule.isValid(url))
    }

    @Test("an app that sells nothing needs no links")
    func nothingSold() throws {
        let app = try ReviewRuleSources.load(ReviewRuleSources.policy(products: "  []", paywall: "[]", legal: "{}"))
        #expect(LegalLinksRule().check(app).isEmpty)
        #expect(LegalLinksRule().evidence(app) == "nothing is sold")
    }

    @Test("a missing link points at 'legal:', or at 'app:' when there is none, not at a neighbouring key")
    func missingLinkPointsAtItsOwner() throws {
        let block = ReviewRuleSources.policy(legal: "\n    terms_url: https://example.com/terms")
        #expect(try LegalLinksRule().check(ReviewRuleSources.load(block)).map(\.lineColumnMessage) == [
            "7:3: products are sold but 'app.legal.privacy_url' is missing",
        ])
        let none = ReviewRuleSources.policy().replacingOccurrences(of: "  legal: { terms_url: https://example.com/terms, "
                                                                      + "privacy_url: https://example.com/privacy }\n",
                                                                  with: "")
        #expect(try LegalLinksRule().check(ReviewRuleSources.load(none)).map(\.lineColumnMessage) == [
            "2:1: products are sold but 'app.legal.terms_url' is missing",
            "2:1: products are sold but 'app.legal.privacy_url' is missing",
        ])
    }
}
