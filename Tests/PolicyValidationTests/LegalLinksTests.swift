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
}
