import Foundation

/// How long to pause before the next request.
enum RetryDelay {
    /// After `failures` failed requests in a row: `initial` doubled per failure, capped at `maximum`, then a
    /// random point in its upper half, so clients that failed together do not retry together.
    static func after(failures: Int, initial: TimeInterval, maximum: TimeInterval,
                      random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }) -> TimeInterval {
        let cap = max(maximum, 0)
        let doubled = max(initial, 0) * pow(2, Double(min(max(failures - 1, 0), 30)))
        let delay = min(doubled, cap)
        return delay * random(0.5...1)
    }

    /// After a 304 that took `elapsed` seconds of a `wait` the server could have held: none when the server
    /// held the request, else the rest of `wait`, so a server that answers at once is asked once per `wait`.
    static func afterUnchanged(elapsed: TimeInterval, wait: Int) -> TimeInterval {
        let wait = TimeInterval(wait)
        return elapsed >= wait / 2 ? 0 : wait - elapsed
    }
}
