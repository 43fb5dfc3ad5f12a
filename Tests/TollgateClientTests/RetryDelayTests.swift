import Foundation
import Testing
@testable import TollgateClient

/// The pauses between requests: doubling with jitter after failures, the rest of the wait after a 304 at once.
@Suite struct RetryDelayTests {
    @Test(arguments: [(1, 1.0), (2, 2.0), (3, 4.0), (6, 32.0), (7, 60.0), (40, 60.0), (Int.max, 60.0)])
    func failuresDoubleThePauseUpToTheMaximum(failures: Int, expected: Double) {
        #expect(RetryDelay.after(failures: failures, initial: 1, maximum: 60, random: { $0.upperBound }) == expected)
        #expect(RetryDelay.after(failures: failures, initial: 1, maximum: 60, random: { $0.lowerBound }) == expected / 2)
    }

    @Test func theJitterStaysInTheUpperHalf() {
        for _ in 0..<1_000 {
            let delay = RetryDelay.after(failures: 4, initial: 1, maximum: 60)
            #expect(delay >= 4 && delay <= 8)
        }
    }

    @Test(arguments: [(0.01, 29.99), (10, 20), (15, 0), (30, 0), (45, 0)])
    func aNotModifiedAnsweredAtOnceWaitsOutTheRest(elapsed: Double, expected: Double) {
        #expect(abs(RetryDelay.afterUnchanged(elapsed: elapsed, wait: 30) - expected) < 1e-9)
    }
}
