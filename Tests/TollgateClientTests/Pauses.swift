import Foundation
import Synchronization

/// A polling loop's pauses, recorded instead of waited out: each one lasts until the loop is cancelled, so a test
/// sees what the client would wait and that nothing is sent meanwhile, without waiting itself.
final class Pauses: Sendable {
    private let recorded = Mutex<[TimeInterval]>([])

    /// The pauses asked for so far, in seconds.
    var taken: [TimeInterval] { recorded.withLock { $0 } }

    /// Records `seconds` and suspends until the task is cancelled.
    @Sendable func pause(_ seconds: TimeInterval) async {
        recorded.withLock { $0.append(seconds) }
        try? await Task.sleep(nanoseconds: UInt64.max / 2)
    }
}
