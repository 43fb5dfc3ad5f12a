@testable import PolicyValidation
import Diagnostics
import PolicyModel
import Rendering
import Testing

/// The audience rules' branches beyond their fixtures: positions through YAML escapes, where suggestions
/// come from, and ICU's country codes.
@Suite("audience condition rules")
struct AudienceRulesTests {
    static func sources(_ when: String) throws -> AppSources {
        try ModelRuleSources.load(ModelRuleSources.policy("""
            tiers:
              free: { title: Free }
              premium: { title: Premium }
            features:
              export: { title: Export, tier: premium }
            placements:
              onboarding:
                audiences:
                  - id: everyone
                    when: \(when)
                    show: none

            """))
    }

    @Test func aFindingInsideADoubleQuotedStringPointsPastItsEscapes() throws {
        let findings = try AudienceStorefrontCodeRule(storefronts: ["JP": "JPN"])
            .check(Self.sources(#""\"premium\" in tiers || storefront == \"JP\"""#))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        // The expression starts in column 16; "JP" is 36 characters into it, and the two escapes before it
        // make that 38 in the file.
        #expect(finding.span.start.line == 16)
        #expect(finding.span.start.column == 54)
        #expect(finding.help == "write \"JPN\", the alpha-3 code of 'JP'")
    }

    @Test func aCodeOfTheRightShapeIsCheckedAgainstTheCountriesTheContextKnows() throws {
        let rule = AudienceStorefrontCodeRule(storefronts: ["JP": "JPN"])
        let messages = try rule.check(Self.sources(#"'storefront in ["JPN", "KOR"]'"#)).map(\.message)
        #expect(messages == ["placement 'onboarding', audience 'everyone': 'KOR' is not the ISO 3166-1 alpha-3 code of a country"])
        #expect(try AudienceStorefrontCodeRule(storefronts: CLDRCountries.alpha3ByAlpha2)
            .check(Self.sources(#"'storefront in ["JPN", "KOR"]'"#)).isEmpty)
    }

    @Test func icuKnowsTheCountriesStoreKitNames() {
        let codes = CLDRCountries.alpha3ByAlpha2
        #expect(codes["JP"] == "JPN")
        #expect(codes["KR"] == "KOR")
        #expect(codes["US"] == "USA")
        #expect(codes["DE"] == "DEU")
        #expect(!codes.values.contains("JPX"))
        #expect(codes.count > 200)
    }

    @Test(arguments: [
        (#"'"premum" in features'"#, "declare it under 'features:' (known: export)"),
        (#"'"premum" in tiers'"#, "did you mean 'premium'?"),
        (#"'"exprt" in tiers'"#, "declare it under 'tiers:' (known: free, premium)"),
        (#"'"premium" in features'"#, "'premium' is a tier; write \"premium\" in tiers"),
    ])
    func anUnknownIDIsOnlyMatchedAgainstItsOwnKind(when: String, help: String) throws {
        let findings = try AudienceUnknownIDRule().check(Self.sources(when))
        #expect(findings.map(\.help) == [help])
    }

    @Test(arguments: [
        (#"'storefrnt == "JPN"'"#, "did you mean 'storefront'?"),
        (#"'lang == "ja"'"#, "write one of ads, app_version, days_since_install, features, language, locale, platform, "
            + "storefront, tiers, user_id, or attributes.NAME for a value the app sends"),
        (#"'verison(app_version) > version("2")'"#, "did you mean 'version'?"),
        (#"'size(attributes.x) > 1'"#, "write one of has, version"),
    ])
    func anUnknownNameSuggestsTheClosestOrListsTheNames(when: String, help: String) throws {
        let findings = try AudienceUnknownNameRule().check(Self.sources(when))
        #expect(findings.map(\.help) == [help])
    }
}
