import Foundation
import TestSupport
import Testing

/// `tollgate studio --port 0` run from the executable built with the tests, until `stop()`.
final class StudioProcess {
    /// The address from its `tollgate studio: open <url>` line, such as `http://127.0.0.1:40123`.
    let url: String
    private let process: Process
    private let logFile: URL

    /// Starts the studio in `folder` publishing to `store` and waits for its `open` line; throws with its output when
    /// it exits or stays silent.
    init(in folder: URL, store: String, timeout: Duration = .seconds(30)) async throws {
        let executable = BuiltTollgate.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path),
                     "no 'tollgate' at \(executable.path); build it with the tests (swift build --build-tests)")
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-studio-\(UUID()).log")
        try #require(FileManager.default.createFile(atPath: logFile.path, contents: nil), "cannot create \(logFile.path)")
        process = Process()
        process.executableURL = executable
        process.arguments = ["studio", "--port", "0", "--store", store]
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()

        let deadline = ContinuousClock.now + timeout
        var found: String?
        while found == nil, process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            found = Self.openURL(in: (try? String(contentsOf: logFile, encoding: .utf8)) ?? "")
        }
        guard let found else {
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: logFile)
            throw TestSupport.ChildProcess.Failure(description: "tollgate studio printed no 'open' line within \(timeout):\n\(log)")
        }
        url = found
    }

    deinit {
        // A test that failed before `stop()` must not leave a studio behind.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: logFile)
    }

    /// Sends SIGTERM and waits for the exit status; nil when it had to be killed after `timeout`.
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

    /// The address in the first `tollgate studio: open <url>` line of `log`.
    private static func openURL(in log: String) -> String? {
        let prefix = "tollgate studio: open "
        return log.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}
