import Foundation
import Testing
import TestSupport

/// `tollgate serve --port 0` run from the executable built with the tests, in the repository root unless told
/// otherwise: the service as a deployment runs it, for tests through real clients.
final class ServedTollgate {
    /// The base address from the `listening` log line, such as `http://127.0.0.1:40123`.
    let url: String
    private let process: Process
    private let logFile: URL

    /// The executable next to the test bundle.
    static var executable: URL { BuiltTollgate.executable }

    /// Starts the service with `options` after `--port 0` (and `environment` over this process's) and waits for its `listening` line; throws with the log
    /// when it exits or stays silent.
    init(in folder: URL = Fixtures.repositoryRoot(), options: [String] = [], environment: [String: String] = [:],
         timeout: Duration = .seconds(30)) async throws
    {
        let executable = Self.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path),
                     "no 'tollgate' at \(executable.path); build it with the tests (swift build --build-tests)")
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-serve-\(UUID()).log")
        try #require(FileManager.default.createFile(atPath: logFile.path, contents: nil), "cannot create \(logFile.path)")
        process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0"] + options
        process.currentDirectoryURL = folder
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()

        let deadline = ContinuousClock.now + timeout
        var found: String?
        while found == nil, process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            found = Self.listeningURL(in: (try? String(contentsOf: logFile, encoding: .utf8)) ?? "")
        }
        guard let found else {
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: logFile)
            throw ChildProcess.Failure(description: "tollgate serve did not report 'listening' within \(timeout); log:\n\(log)")
        }
        url = found
    }

    deinit {
        // A test that failed before `stop()` must not leave a server behind.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: logFile)
    }

    /// What the service has written to standard error so far: one JSON object per line.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Kills the process with SIGKILL, as a crash or a power cut would, and waits until it is gone.
    func crash() async {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    }

    /// Sends SIGTERM and waits for the exit; nil when it had to be killed after `timeout`.
    func stop(timeout: Duration = .seconds(15)) async -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    }

    /// The first `{"event":"listening",…}` line of the log.
    var listening: [String: Any]? { Self.listeningLine(in: log) }

    /// The `url` of the first `{"event":"listening",…}` line of `log`.
    private static func listeningURL(in log: String) -> String? {
        listeningLine(in: log)?["url"] as? String
    }

    private static func listeningLine(in log: String) -> [String: Any]? {
        for line in log.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == "listening" else { continue }
            return object
        }
        return nil
    }
}
