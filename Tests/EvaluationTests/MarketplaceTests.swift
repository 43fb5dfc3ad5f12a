import Foundation
import Testing
@testable import TollgateEvaluation

/// One policy serves an app on both stores: the bundle says which products a store sells, and a user on a
/// platform is offered only what that platform's store sells.
@Suite("stores: which store sells which product")
struct MarketplaceTests {
    static func bundle() -> PolicyBundle {
        var android = HandMade.product("premium:monthly", prices: ["USD": "1.99"])
        android.stores = [.play]
        var ios = HandMade.product("com.example.premium.monthly", prices: ["USD": "2.99"])
        ios.stores = [.appStore]
        return HandMade.bundle(products: [android, ios, HandMade.product("everywhere", prices: ["USD": "3.99"])])
    }

    static func upsell(platform: String?) throws -> [String] {
        let decision = Evaluator(policy: try CompiledPolicy(bundle())).evaluate(
            EvaluationInput(entitlements: [], consent: .granted, now: ExamplePolicies.now,
                            user: UserContext(platform: platform)),
            now: ExamplePolicies.now)
        return decision.upsell["pro.feature"] ?? []
    }

    @Test(arguments: [
        ("ios", ["com.example.premium.monthly", "everywhere"]),
        ("iPadOS", ["com.example.premium.monthly", "everywhere"]),
        ("android", ["premium:monthly", "everywhere"]),
        ("web", ["premium:monthly", "com.example.premium.monthly", "everywhere"]),
    ] as [(String, [String])])
    func offersFollowThePlatform(_ platform: String, _ expected: [String]) throws {
        #expect(try Self.upsell(platform: platform) == expected)
    }

    @Test("without a platform every product is offered")
    func noPlatform() throws {
        #expect(try Self.upsell(platform: nil) == ["premium:monthly", "com.example.premium.monthly", "everywhere"])
    }

    @Test("stores survive the bundle's JSON, and a product without them keeps its old bytes")
    func bundleJSON() throws {
        let bundle = Self.bundle()
        let json = String(decoding: bundle.canonicalJSON, as: UTF8.self)
        #expect(json.contains(#""id":"premium:monthly","period":{"days":0,"months":1},"prices":{"USD":"1.99"},"stores":["play"]"#))
        #expect(json.contains(#"{"grants":["premium"],"id":"everywhere","period":{"days":0,"months":1},"prices":{"USD":"3.99"},"type":"auto-renewable"}"#))
        let decoded = try PolicyBundle(json: bundle.canonicalJSON)
        #expect(decoded.products.map(\.stores) == [[.play], [.appStore], nil])
    }

    @Test("platforms and the stores that sell to them")
    func platforms() {
        #expect(["ios", "IOS", "macos", "tvos", "watchos", "visionos", "ipados"].map(Marketplace.init(platform:))
                    .allSatisfy { $0 == .appStore })
        #expect(Marketplace(platform: "android") == .play)
        #expect(Marketplace(platform: "web") == nil)
        #expect(Marketplace.allCases.sorted() == [.appStore, .play])
    }
}
