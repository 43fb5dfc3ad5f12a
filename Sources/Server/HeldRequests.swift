import Dispatch
import Foundation
import Synchronization

/// The deferred responses whose connections the server has parked. One thread, whatever their number, sends each
/// one's fallback at its deadline; `close()` hands back every one still held, for shutdown to answer at once.
final class HeldRequests: Sendable {
    private struct State {
        var queue = DeadlineQueue()
        /// Taken from the queue by the thread to be answered with their fallback; `close()` hands them back too,
        /// so that a shutdown waits for their connections to be woken before it stops the daemon.
        var expiring: [DeferredResponse] = []
        var open = false
        /// Counts `open()` calls, so the thread of an earlier run ends even if the server starts again at once.
        var run = 0
    }

    private let state = Mutex(State())
    /// Signalled when the earliest deadline moves closer or the requests close.
    private let wake = DispatchSemaphore(value: 0)

    /// Takes requests and starts the thread that expires them.
    func open() {
        let run = state.withLock { state in
            state.open = true
            state.run += 1
            return state.run
        }
        let thread = Thread { [self] in expire(run: run) }
        thread.name = "tollgate-held-requests"
        thread.start()
    }

    /// Holds `deferred` until its deadline; false once closed, when the caller must answer at once.
    func add(_ deferred: DeferredResponse) -> Bool {
        let (added, earliest) = state.withLock { state in
            guard state.open else { return (false, false) }
            let earliest = state.queue.first.map { deferred.deadline < $0.deadline } ?? true
            state.queue.insert(deferred)
            return (true, earliest)
        }
        if earliest { wake.signal() }
        return added
    }

    /// Stops taking requests and ends the thread; returns the requests still held, which the caller answers.
    ///
    /// Returns only once every request the thread was answering is answered and its connection woken.
    func close() -> [DeferredResponse] {
        let held = state.withLock { state in
            state.open = false
            return state.queue.removeAll() + state.expiring
        }
        wake.signal()
        // `isAnswered` waits for a `complete(_:)` under way on another thread, wake-up included.
        return held.filter { !$0.isAnswered }
    }

    /// The thread's loop: answers whatever is due with its fallback, then sleeps until the next deadline.
    private func expire(run: Int) {
        while true {
            let now = ContinuousClock.now
            let (due, next, ended) = state.withLock { state in
                guard state.open, state.run == run else {
                    return ([DeferredResponse](), nil as ContinuousClock.Instant?, true)
                }
                var due: [DeferredResponse] = []
                while let first = state.queue.first, first.deadline <= now || first.isAnswered {
                    due.append(state.queue.removeFirst())
                }
                state.expiring = due
                return (due, state.queue.first?.deadline, false)
            }
            if ended { return }
            for deferred in due { deferred.complete(deferred.fallback) }
            state.withLock { state in
                if state.run == run { state.expiring = [] }
            }
            guard let next else {
                wake.wait()
                continue
            }
            let (seconds, attoseconds) = now.duration(to: next).components
            let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            _ = wake.wait(timeout: .now() + .nanoseconds(Int(clamping: max(nanoseconds, 0) + 1)))
        }
    }
}

/// Deferred responses by deadline, the earliest first: a binary heap.
private struct DeadlineQueue {
    private var heap: [DeferredResponse] = []

    var first: DeferredResponse? { heap.first }

    mutating func insert(_ deferred: DeferredResponse) {
        heap.append(deferred)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest; the queue must not be empty.
    mutating func removeFirst() -> DeferredResponse {
        heap.swapAt(0, heap.count - 1)
        let earliest = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { return earliest }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }

    mutating func removeAll() -> [DeferredResponse] {
        defer { heap = [] }
        return heap
    }
}
