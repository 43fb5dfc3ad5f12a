import Replication
import Testing

/// The delays between attempts to reach a store that does not answer.
@Suite struct BackoffTests {
    @Test func backoffDoublesUpToItsCapWithJitterAndStartsAgainAfterASuccess() {
        var backoff = Backoff(first: 0.1, cap: 5)
        var random = SystemRandomNumberGenerator()
        let ceilings: [Double] = [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5, 5, 5, 5]
        for ceiling in ceilings {
            let delay = backoff.next(using: &random)
            #expect(delay >= ceiling / 2 && delay <= ceiling, "\(delay) within [\(ceiling / 2), \(ceiling)]")
        }
        #expect(backoff.attempts == ceilings.count)
        for _ in 0..<100 { _ = backoff.next(using: &random) }
        #expect(backoff.next(using: &random) <= 5, "capped however long the store is gone")
        backoff.reset()
        #expect(backoff.next(using: &random) <= 0.1)
    }
}
