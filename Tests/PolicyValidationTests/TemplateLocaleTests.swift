@testable import PolicyValidation
import Testing

@Suite("template locales")
struct TemplateLocaleTests {
    static let lines = "    title: Premium\n"

    @Test("a file whose 'locale:' differs from its name is reported once, as a mismatch")
    func mismatchOnly() throws {
        let app = try ReviewRuleSources.load(
            ReviewRuleSources.policy(locales: "[en, ko]"),
            templates: ["en.yaml": ReviewRuleSources.template(Self.lines),
                        "ko.yaml": ReviewRuleSources.template(locale: "kr", Self.lines)])
        #expect(LocaleUndeclaredRule().check(app).isEmpty)
        #expect(TemplateMissingRule().check(app).isEmpty)
        #expect(TemplateLocaleMismatchRule().check(app).map(\.lineColumnMessage) == [
            "2:9: locale 'kr' does not match the file name 'ko.yaml'",
        ])
    }

    @Test("unreadable template files are not reported again as missing")
    func unreadable() throws {
        let app = try ReviewRuleSources.load(
            ReviewRuleSources.policy(locales: "[en, ja, ko, ja]"),
            templates: ["en.yaml": ReviewRuleSources.template(Self.lines)], unreadable: ["ja"])
        let findings = TemplateMissingRule().check(app)
        #expect(findings.map(\.lineColumnMessage) == ["6:21: locale 'ko' has no template file 'Templates/demo/ko.yaml'"])
    }
}
