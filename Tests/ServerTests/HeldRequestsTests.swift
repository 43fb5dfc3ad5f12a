import Foundation
@testable import Server
import TestSupport
import Testing

/// The held requests a shutdown answers: `close()` returns only once every request, those the expiring thread is
/// answering included, has its answer and its wake-up, as libmicrohttpd must not stop with a connection parked.
@Suite struct HeldRequestsTests {
    @Test func closeWaitsForARequestTheThreadIsAnsweringAtItsDeadline() throws {
        let held = HeldRequests()
        held.open()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let woken = DispatchSemaphore(value: 0)
        let deferred = DeferredResponse(deadline: ContinuousClock.now, fallback: HTTPResponse(status: 304)) { _ in
            // The expiring thread, answering at the deadline, is held here before it wakes the connection.
            entered.signal()
            release.wait()
        }
        deferred.attach { woken.signal() }
        #expect(held.add(deferred))
        try #require(entered.wait(timeout: .now() + 60) == .success, "the thread answers at the deadline")

        let closing = ThreadWork { () -> Bool in
            _ = held.close()
            return woken.wait(timeout: .now()) == .success
        }
        // However long this thread sleeps, close() must not return while the answer is under way.
        Thread.sleep(forTimeInterval: 0.1)
        release.signal()
        #expect(try closing.join(), "the connection was woken before close() returned")
    }
}
