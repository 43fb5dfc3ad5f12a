import Foundation
import JSON
import Purchases
import Server
import Store
import Synchronization

/// Keeps a replica's customer cache true to the shared store: listens on the store's customer feed, and drops
/// a customer's entry as soon as any replica commits a change to them. While the feed is down the cache is off.
final class CustomerFollower: Sendable {
    private let cache: CustomerCache
    private let location: StoreLocation
    private let log: @Sendable (String) -> Void
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(cache: CustomerCache, location: StoreLocation, log: @escaping @Sendable (String) -> Void) {
        self.cache = cache
        self.location = location
        self.log = log
    }

    /// Starts listening on a thread of its own.
    func start() {
        let thread = Thread { [self] in
            follow()
            finished.signal()
        }
        thread.name = "tollgate-customers"
        thread.start()
    }

    /// Stops listening, waiting up to `timeout` seconds.
    func stop(waitingUpTo timeout: TimeInterval = 3) {
        stopped.store(true, ordering: .relaxed)
        _ = finished.wait(timeout: .now() + timeout)
    }

    private func follow() {
        var random = SystemRandomNumberGenerator()
        var backoff = Backoff()
        var feed: (any CustomerChangeFeed)?
        defer { cache.follow(false) }
        while !stopped.load(ordering: .relaxed) {
            guard let connected = feed else {
                do {
                    feed = try location.openCustomers(.read).customerChangeFeed()
                    guard feed != nil else { return }
                    cache.follow(true)
                    backoff.reset()
                } catch {
                    cache.follow(false)
                    Thread.sleep(forTimeInterval: backoff.next(using: &random))
                }
                continue
            }
            do {
                switch try connected.wait(timeout: .milliseconds(500)) {
                case .customers(let changed): if !changed.isEmpty { cache.invalidate(changed) }
                case .unknown: cache.invalidateEveryone()
                }
            } catch {
                feed = nil
                cache.follow(false)
                log(LogLine.event("customer-feed-lost") { line in
                    line.member("error") { $0.string(error.description) }
                })
            }
        }
    }
}
