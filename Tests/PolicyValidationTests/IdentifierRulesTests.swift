@testable import PolicyValidation
import Testing
import Diagnostics
import Foundation

@Suite("app-id-format, product-id-format, duplicate ids")
struct IdentifierRulesTests {
    static func appPolicy(id: String) -> String {
        ModelRuleSources.policy("").replacingOccurrences(of: "id: demo", with: "id: \"\(id)\"")
    }

    @Test(arguments: [
        ("demo", "Policies/demo.yaml", []),
        ("photo-collage2", "Policies/photo-collage2.yml", []),
        ("demo", "Policies/other.yaml", ["app id 'demo' does not match the policy file name 'other'"]),
        ("Demo", "Policies/Demo.yaml", ["app id 'Demo' is not lowercase letters, digits and '-' starting with a letter or digit"]),
        ("-demo", "Policies/-demo.yaml", ["app id '-demo' is not lowercase letters, digits and '-' starting with a letter or digit"]),
        ("", "Policies/demo.yaml", ["app id '' is not lowercase letters, digits and '-' starting with a letter or digit"]),
    ] as [(String, String, [String])])
    func appID(_ id: String, _ file: String, _ messages: [String]) throws {
        let app = try ModelRuleSources.load(Self.appPolicy(id: id), file: file)
        #expect(AppIDFormatRule().check(app).map(\.message) == messages)
    }

    @Test("a malformed id suggests the file's name, or a cleaned-up id")
    func appIDHelp() throws {
        let named = try ModelRuleSources.load(Self.appPolicy(id: "Photo Collage"), file: "Policies/photo-collage.yaml")
        #expect(AppIDFormatRule().check(named).map(\.help) == ["write 'photo-collage'"])
        let unnamed = try ModelRuleSources.load(Self.appPolicy(id: "Photo_Collage"), file: "Policies/Photo_Collage.yaml")
        #expect(AppIDFormatRule().check(unnamed).map(\.help) == ["write 'photo-collage'"])
    }

    static func product(_ id: String) -> String {
        "products:\n  - { id: \"\(id)\", type: non-consumable }\n"
    }

    @Test(arguments: ["com.example.app.premium", "premium_2", "9lives", "a", "com.example.App-Pro",
                      String(repeating: "a", count: 100)])
    func validProductID(_ id: String) throws {
        #expect(try ModelRuleSources.messages(ProductIDFormatRule(), Self.product(id)).isEmpty)
    }

    @Test(arguments: [
        ("Premium", ["product id 'Premium' starts with 'P'; Google Play needs a lowercase letter or digit first"]),
        ("_premium", ["product id '_premium' starts with '_'; Google Play needs a lowercase letter or digit first"]),
        ("com.app/pro pack", ["product id 'com.app/pro pack' contains '/', ' '; expected only letters, digits, '.', "
                                + "'_' and '-'"]),
        ("prémium", ["product id 'prémium' contains 'é'; expected only letters, digits, '.', '_' and '-'"]),
        ("", ["product id is empty"]),
        (String(repeating: "a", count: 101), ["product id is 101 characters long; the limit is 100"]),
        ("Pro+", ["product id 'Pro+' contains '+'; expected only letters, digits, '.', '_' and '-'",
                  "product id 'Pro+' starts with 'P'; Google Play needs a lowercase letter or digit first"]),
    ] as [(String, [String])])
    func invalidProductID(_ id: String, _ messages: [String]) throws {
        #expect(try ModelRuleSources.messages(ProductIDFormatRule(), Self.product(id)) == messages)
    }

    /// Every finding says what a valid id looks like, and a suggested id is itself valid.
    @Test(arguments: [
        ("Premium", ["write 'premium'"]),
        ("Pro+", ["write the id with ASCII letters, digits, '.', '_' and '-' only, such as "
                    + "'com.example.app.premium.monthly'",
                  "start the id with a lowercase letter or digit, such as 'com.example.app.premium.monthly'"]),
        ("coins 100", ["write the id with ASCII letters, digits, '.', '_' and '-' only, such as "
                        + "'com.example.app.premium.monthly'"]),
        ("", ["write an id such as 'com.example.app.premium.monthly'"]),
        (String(repeating: "a", count: 101), ["shorten it to 100 characters or fewer before it is first published"]),
    ] as [(String, [String])])
    func invalidProductIDHelp(_ id: String, _ help: [String]) throws {
        let app = try ModelRuleSources.load(ModelRuleSources.policy(Self.product(id)))
        #expect(ProductIDFormatRule().check(app).map(\.help) == help)
    }

    /// A policy with `app` (its store keys) in the `app:` section and the product `P2`, written with `product`.
    static func storesPolicy(_ app: String, product: String = "{ id: P2, type: non-consumable }") -> String {
        ModelRuleSources.policy("products:\n  - \(product)\n")
            .replacingOccurrences(of: "  name: Demo\n", with: "  name: Demo\n\(app)")
    }

    @Test(arguments: [
        ("  bundle_id: com.example.demo\n", "{ id: P2, type: non-consumable }", [String]()),
        ("  package_name: com.example.demo\n", "{ id: P2, type: non-consumable }",
         ["product id 'P2' starts with 'P'; Google Play needs a lowercase letter or digit first"]),
        ("  bundle_id: com.example.demo\n  package_name: com.example.demo\n", "{ id: P2, type: non-consumable }",
         ["product id 'P2' starts with 'P'; Google Play needs a lowercase letter or digit first"]),
        ("  bundle_id: com.example.demo\n  package_name: com.example.demo\n",
         "{ id: P2, type: non-consumable, stores: [app-store] }", [String]()),
    ])
    func googlePlaysFirstCharacterOnlyForProductsSoldOnPlay(app: String, product: String, messages: [String]) throws {
        let sources = try ModelRuleSources.load(Self.storesPolicy(app, product: product))
        #expect(ProductIDFormatRule().check(sources).map(\.message) == messages)
    }

    @Test("the bundle id prefix is asked only of products sold on the App Store")
    func bundleIDPrefixOnlyForProductsSoldOnTheAppStore() throws {
        let app = "  bundle_id: com.example.demo\n  package_name: com.example.demo\n"
        let playOnly = Self.storesPolicy(app, product: "{ id: p2, type: non-consumable, stores: [play] }")
        #expect(try ProductIDPrefixRule().check(ModelRuleSources.load(playOnly)).isEmpty)
        let both = Self.storesPolicy(app, product: "{ id: p2, type: non-consumable }")
        #expect(try ProductIDPrefixRule().check(ModelRuleSources.load(both)).map(\.message)
            == ["product id 'p2' does not start with the bundle id 'com.example.demo'"])
    }

    @Test("each repeat of a product id names the first place")
    func duplicateProducts() throws {
        let body = """
            products:
              - { id: a, type: non-consumable }
              - { id: b, type: non-consumable }
              - { id: a, type: consumable }
              - { id: a, type: non-consumable }
            """
        let findings = DuplicateProductIDRule().check(try ModelRuleSources.load(ModelRuleSources.policy(body)))
        #expect(findings.map(\.span.start.line) == [10, 11])
        #expect(findings.map { $0.related.map(\.span.start.line) } == [[8], [8]])
    }

    @Test("case-only differences and placement flags clash; distinct ids do not")
    func duplicateFeatures() throws {
        let body = """
            features:
              cloud-sync: { tier: free }
              Cloud-Sync: { tier: free }
              CLOUD-SYNC: { tier: free }
              ads.Banner.home: { tier: free }
              ads.rewarded: { tier: free }
              adsbanner.home: { tier: free }
            ads:
              placements:
                banner.home: { format: banner }
            """
        #expect(try ModelRuleSources.messages(DuplicateFeatureIDRule(), body) == [
            "feature id 'Cloud-Sync' differs from 'cloud-sync' only in case",
            "feature id 'CLOUD-SYNC' differs from 'cloud-sync' only in case",
            "feature id 'ads.Banner.home' clashes with the flag 'ads.banner.home' of ad placement 'banner.home'",
        ])
    }
}
