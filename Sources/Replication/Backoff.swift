import Foundation

/// Delays between attempts to reach a store that does not answer: doubling from `first` up to `cap`,
/// each drawn at random from the upper half of its range, so replicas that lost the store together do
/// not retry in step.
package struct Backoff: Hashable, Sendable {
    package var first: Double
    package var cap: Double
    /// Attempts since the last success.
    package private(set) var attempts = 0

    package init(first: Double = 0.1, cap: Double = 5) {
        self.first = first
        self.cap = cap
    }

    /// The delay before the next attempt.
    package mutating func next(using generator: inout some RandomNumberGenerator) -> Double {
        let ceiling = min(cap, first * pow(2, Double(min(attempts, 62))))
        attempts += 1
        return ceiling / 2 + Double.random(in: 0...(ceiling / 2), using: &generator)
    }

    /// Starts again from `first`, after a success.
    package mutating func reset() {
        attempts = 0
    }
}
