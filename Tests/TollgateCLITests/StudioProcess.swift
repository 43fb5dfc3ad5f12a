import Foundation
import TestSupport
import Testing

/// `tollgate studio --port 0` run from the executable built with the tests, until `stop()`.
final class StudioProcess {
    private let child: TollgateChild

    /// The address from its `tollgate studio: open <url>` line, such as `http://127.0.0.1:40123`.
    var url: String { child.url }

    /// Starts the studio in `folder` publishing to `store` and waits for its `open` line; throws with its output when
    /// it exits or stays silent.
    init(in folder: URL, store: String, timeout: Duration = .seconds(30)) async throws {
        child = try await TollgateChild(["studio", "--port", "0", "--store", store], in: folder, timeout: timeout) { log in
            let prefix = "tollgate studio: open "
            return log.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }
    }

    /// Sends SIGTERM and waits for the exit status; nil when it had to be killed after `timeout`.
    func stop(timeout: Duration = .seconds(15)) async -> Int32? {
        await child.stop(timeout: timeout)
    }
}
