import Foundation
import Testing
import TestSupport

/// `tollgate serve --port 0` run from the executable built with the tests, in the repository root unless told
/// otherwise: the service as a deployment runs it, for tests through real clients.
final class ServedTollgate {
    private let child: TollgateChild

    /// The base address from the `listening` log line, such as `http://127.0.0.1:40123`.
    var url: String { child.url }

    /// The executable next to the test bundle.
    static var executable: URL { BuiltTollgate.executable }

    /// Starts the service with `options` after `--port 0` (and `environment` over this process's) and waits for its
    /// `listening` line; throws with the log when it exits or stays silent.
    init(in folder: URL = Fixtures.repositoryRoot(), options: [String] = [], environment: [String: String] = [:],
         timeout: Duration = .seconds(30)) async throws {
        child = try await TollgateChild(["serve", "--port", "0"] + options, in: folder, environment: environment,
                                        timeout: timeout) { Self.listeningLine(in: $0)?["url"] as? String }
    }

    /// What the service has written to standard error so far: one JSON object per line.
    var log: String { child.log }

    /// Kills the process with SIGKILL, as a crash or a power cut would, and waits until it is gone.
    func crash() async {
        await child.crash()
    }

    /// Sends SIGTERM and waits for the exit; nil when it had to be killed after `timeout`.
    func stop(timeout: Duration = .seconds(15)) async -> Int32? {
        await child.stop(timeout: timeout)
    }

    /// The first `{"event":"listening",…}` line of the log.
    var listening: [String: Any]? { Self.listeningLine(in: log) }

    private static func listeningLine(in log: String) -> [String: Any]? {
        for line in log.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == "listening" else { continue }
            return object
        }
        return nil
    }
}
