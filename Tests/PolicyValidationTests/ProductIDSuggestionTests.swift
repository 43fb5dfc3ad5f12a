@testable import PolicyValidation
import Diagnostics
import PolicyModel
import Testing

/// A finding never suggests a product id that product-id-format refuses, wherever ids are suggested.
@Suite("product id suggestions")
struct ProductIDSuggestionTests {
    /// A policy whose product ids are `first` and `second`; its group levels, paywall and template name `named`.
    static func sources(_ first: String, _ second: String, named: String) throws -> AppSources {
        let policy = ModelRuleSources.policy("""
            tiers:
              premium: {}
            products:
              - { id: "\(first)", type: auto-renewable, group: premium, period: P1M, grants: [premium] }
              - { id: "\(second)", type: auto-renewable, group: premium, period: P1Y, grants: [premium] }
            subscription_groups:
              premium: { levels: ["\(named)", "\(second)"] }
            paywalls:
              main: { products: ["\(first)", "\(named)"], highlight: "\(named)" }
              other: { products: ["\(first)", "\(second)"], highlight: "\(named)" }

            """)
        let template = """
            format: tollgate-templates/v1
            locale: en
            products:
              "\(named)": Coins

            """
        return try ModelRuleSources.load(policy, templates: ["en": template])
    }

    static let rules: [any Rule] = [UnknownProductRule(), PaywallUnknownProductRule(), PaywallHighlightOutsideRule(),
                                    GroupLevelsMismatchRule()]

    static func helps(_ app: AppSources) -> [String] {
        rules.flatMap { $0.check(app) }.compactMap(\.help)
    }

    @Test func anInvalidIDIsNeverSuggested() throws {
        let app = try Self.sources("com.example.app.coins 100", "com.example.app.yearly", named: "com.example.app.coins100")
        // Not suggested as the level meant, the invalid id is also reported missing from the levels.
        #expect(Self.helps(app) == [
            "declare it under 'products:' or remove it",
            "declare it under 'products:' or remove it",
            "declare it under 'products:' or remove it from the paywall",
            "highlight one of its products or add it to 'products'",
            "add it to 'levels', which run from the highest level of service to the lowest",
        ])
    }

    @Test func aValidIDIsStillSuggested() throws {
        let app = try Self.sources("com.example.app.coins.100", "com.example.app.yearly", named: "com.example.app.coins100")
        #expect(Self.helps(app) == Array(repeating: "did you mean 'com.example.app.coins.100'?", count: 4))
    }
}
