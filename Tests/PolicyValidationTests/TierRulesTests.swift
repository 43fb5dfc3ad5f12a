import Diagnostics
@testable import PolicyValidation
import Testing
import Diagnostics

@Suite("tier-include-cycle and tier-unreachable")
struct TierRulesTests {
    @Test func selfInclude() throws {
        let body = """
            tiers:
              premium: { includes: [premium] }
            products:
              - { id: p, type: non-consumable, grants: [premium] }
            """
        #expect(try ModelRuleSources.messages(TierIncludeCycleRule(), body) == [
            "tier 'premium' includes itself: premium → premium",
        ])
    }

    @Test("each cycle once, at the include that closes it")
    func twoCycles() throws {
        let body = """
            tiers:
              a: { includes: [b] }
              b: { includes: [c] }
              c: { includes: [a] }
              x: { includes: [w, a] }
              w: { includes: [x] }
            """
        let app = try ModelRuleSources.load(ModelRuleSources.policy(body))
        let findings = TierIncludeCycleRule().check(app)
        #expect(findings.map(\.message) == [
            "tier 'a' includes itself: a → b → c → a",
            "tier 'x' includes itself: x → w → x",
        ])
        #expect(findings.map(\.span.start.line) == [10, 12])
    }

    @Test("a diamond and unknown includes are no cycle")
    func diamond() throws {
        let body = """
            tiers:
              family: { includes: [pro, plus] }
              pro:    { includes: [plus, missing] }
              plus:   { includes: [] }
            """
        #expect(try ModelRuleSources.messages(TierIncludeCycleRule(), body).isEmpty)
    }

    @Test("tiers reached through includes are reachable; free never needs a product")
    func reachability() throws {
        let body = """
            tiers:
              plus:   { title: Plus }
              pro:    { includes: [plus] }
              orphan: { includes: [pro] }
            products:
              - { id: p, type: auto-renewable, group: g, period: P1M, grants: [pro] }
            features:
              vault: { tier: orphan }
            """
        #expect(try ModelRuleSources.messages(TierUnreachableRule(), body) == [
            "no product grants tier 'orphan' (needed by 'vault')",
        ])
    }

    @Test func noProducts() throws {
        #expect(try ModelRuleSources.messages(TierUnreachableRule(), "tiers:\n  free: {}\n").isEmpty)
    }
}
