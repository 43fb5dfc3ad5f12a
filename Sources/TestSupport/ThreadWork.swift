import Foundation

/// Work started on a thread of its own at once, joined later: a client that must be running before the
/// test goes on, whatever Swift's cooperative pool is busy with.
package final class ThreadWork<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error>?

    package init(_ work: @escaping @Sendable () throws -> T) {
        Thread { [self] in
            result = Result { try work() }
            done.signal()
        }.start()
    }

    /// Waits for the work and returns its value or throws its error.
    package func join() throws -> T {
        done.wait()
        return try result!.get()
    }
}
