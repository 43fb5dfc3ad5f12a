import PolicyModel
import Testing

/// The loader reads each product's and intro offer's period as a duration once; the rules read that.
@Suite("product durations")
struct ProductDurationTests {
    static let body = """
        tiers:
          free: {}
          premium: {}
        products:
          - { id: m, type: auto-renewable, group: g, period: P1M, grants: [premium], intro_offer: { type: free-trial, period: P1W } }
          - { id: bad, type: non-renewing, period: one-month, grants: [premium] }
          - { id: once, type: non-consumable, grants: [premium] }

        """

    @Test func theLoaderReadsEachPeriodAsADuration() throws {
        let policy = try ModelRuleSources.load(ModelRuleSources.policy(Self.body)).policy
        #expect(policy.product("m")?.duration == ISOPeriod(months: 1))
        #expect(policy.product("m")?.introOffer?.duration == ISOPeriod(weeks: 1))
        #expect(policy.product("bad")?.duration == nil)
        #expect(policy.product("once")?.duration == nil)
    }

    @Test func aChangedPeriodChangesTheDuration() throws {
        var product = try #require(try ModelRuleSources.load(ModelRuleSources.policy(Self.body)).policy.product("m"))
        product.period = product.period.map { Located("P1Y", at: $0.span) }
        #expect(product.duration == ISOPeriod(years: 1))
        product.period = nil
        #expect(product.duration == nil)
    }
}
