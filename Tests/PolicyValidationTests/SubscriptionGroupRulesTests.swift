@testable import PolicyValidation
import Testing

@Suite("group-levels-mismatch and group-level-order")
struct SubscriptionGroupRulesTests {
    static let tiers = """
        tiers:
          plus:   { ad_free: true }
          pro:    { includes: [plus] }
          family: { includes: [pro] }
          exam:   {}

        """

    static func body(levels: String, products: String) -> String {
        tiers + "products:\n" + products + "subscription_groups:\n  g: { levels: \(levels) }\n"
            + "  h: { levels: [] }\n"
    }

    static let products = """
          - { id: plus.m, type: auto-renewable, group: g, period: P1M, grants: [plus] }
          - { id: pro.m, type: auto-renewable, group: g, period: P1M, grants: [pro] }
          - { id: family.y, type: auto-renewable, group: g, period: P1Y, grants: [family] }

        """

    @Test func exactLevelsPass() throws {
        let body = Self.body(levels: "[family.y, pro.m, plus.m]", products: Self.products)
        #expect(try ModelRuleSources.messages(GroupLevelsMismatchRule(), body).isEmpty)
        #expect(try ModelRuleSources.messages(GroupLevelOrderRule(), body).isEmpty)
    }

    @Test("a level in another declared group is extra; in an undeclared one it is left to unknown-group")
    func otherGroups() throws {
        let products = Self.products + """
              - { id: other.m, type: auto-renewable, group: h, period: P1M, grants: [plus] }
              - { id: typo.m, type: auto-renewable, group: gg, period: P1M, grants: [plus] }
              - { id: pass, type: non-renewing, group: g, period: P3M, grants: [exam] }
              - { id: pass2, type: non-renewing, period: P3M, grants: [exam] }

            """
        let body = Self.body(levels: "[family.y, pro.m, plus.m, other.m, typo.m, pass, pass2]", products: products)
        #expect(try ModelRuleSources.messages(GroupLevelsMismatchRule(), body) == [
            "level 'other.m' of group 'g' belongs to group 'h'",
            "level 'pass2' of group 'g' is a non-renewing product; levels list only auto-renewable subscriptions",
            "subscription group 'h' does not list 'other.m' in its levels",
        ])
    }

    @Test("a typo in the levels is not also reported as the product it meant missing")
    func typo() throws {
        let body = Self.body(levels: "[family.y, pro.n, plus.m]", products: Self.products)
        #expect(try ModelRuleSources.messages(GroupLevelsMismatchRule(), body).isEmpty)
    }

    @Test("order is judged by tier closure; one finding per misplaced higher level")
    func order() throws {
        let body = Self.body(levels: "[plus.m, pro.m, family.y]", products: Self.products)
        #expect(try ModelRuleSources.messages(GroupLevelOrderRule(), body) == [
            "level 'plus.m' is above 'pro.m' but does not grant 'pro'",
            "level 'pro.m' is above 'family.y' but does not grant 'family'",
        ])
    }

    @Test("incomparable levels: neither unlocks all of the other")
    func incomparable() throws {
        let products = """
              - { id: exam.m, type: auto-renewable, group: g, period: P1M, grants: [exam] }
              - { id: plus.m, type: auto-renewable, group: g, period: P1M, grants: [plus] }

            """
        let body = Self.body(levels: "[exam.m, plus.m]", products: products)
        #expect(try ModelRuleSources.messages(GroupLevelOrderRule(), body) == [
            "level 'exam.m' is above 'plus.m' but does not grant 'plus'",
        ])
    }

    @Test("equal closures, repeats and unknown grants do not count as an order problem")
    func equalAndUnknown() throws {
        let products = """
              - { id: pro.y, type: auto-renewable, group: g, period: P1Y, grants: [pro] }
              - { id: pro.m, type: auto-renewable, group: g, period: P1M, grants: [pro, nosuch] }

            """
        let body = Self.body(levels: "[pro.y, pro.m, pro.y]", products: products)
        #expect(try ModelRuleSources.messages(GroupLevelOrderRule(), body).isEmpty)
        #expect(try ModelRuleSources.messages(GroupLevelsMismatchRule(), body) == [
            "'pro.y' is listed twice in the levels of group 'g'",
        ])
    }
}
