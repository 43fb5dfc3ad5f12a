import Synchronization

/// A response the responder gives later, from any thread: the server parks the connection without a thread
/// until `complete(_:)` is called, or sends `fallback` at `deadline` or when it shuts down, whichever comes first.
package final class DeferredResponse: Sendable {
    /// When the server gives up waiting and sends `fallback`.
    package let deadline: ContinuousClock.Instant
    /// The answer at the deadline or at shutdown.
    package let fallback: HTTPResponse

    private enum Phase {
        /// Not answered; `resume`, once the server has parked the connection, is how to wake it.
        case waiting(resume: (@Sendable () -> Void)?)
        /// Answered; the server has not taken the response yet.
        case answered(HTTPResponse)
        /// The server took the response to send it.
        case delivered
    }

    private let phase = Mutex<Phase>(.waiting(resume: nil))
    private let answered: @Sendable (HTTPResponse) -> Void

    /// A response due by `deadline`; `answered` runs once, on the thread that completes it, with what is sent,
    /// before the server sends it. It must not complete this response.
    package init(deadline: ContinuousClock.Instant, fallback: HTTPResponse,
                 answered: @escaping @Sendable (HTTPResponse) -> Void = { _ in }) {
        self.deadline = deadline
        self.fallback = fallback
        self.answered = answered
    }

    /// Answers with `response` unless already answered; the first call wins. Returns whether this call answered.
    @discardableResult
    package func complete(_ response: HTTPResponse) -> Bool {
        // `answered` runs before the connection is woken, as a response is logged before it is sent; and both run
        // under the lock, so once `complete` returns on any thread the wake-up is done: the server relies on that
        // before it stops.
        phase.withLock { phase in
            guard case .waiting(let resume) = phase else { return false }
            phase = .answered(response)
            answered(response)
            resume?()
            return true
        }
    }

    /// Whether `complete(_:)` has been called.
    package var isAnswered: Bool {
        phase.withLock { phase in
            if case .waiting = phase { return false }
            return true
        }
    }

    /// Called by the server once the connection is parked: `resume` wakes it, at once when already answered.
    func attach(resume: @escaping @Sendable () -> Void) {
        phase.withLock { phase in
            switch phase {
            case .waiting: phase = .waiting(resume: resume)
            case .answered: resume()
            case .delivered: break
            }
        }
    }

    /// The answer, handed to the server once; nil before `complete(_:)` or when already taken.
    func take() -> HTTPResponse? {
        phase.withLock { phase in
            guard case .answered(let response) = phase else { return nil }
            phase = .delivered
            return response
        }
    }
}
