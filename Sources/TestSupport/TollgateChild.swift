package import Foundation
import Testing

/// A long-running `tollgate` command (`serve`, `studio`) run from the executable built with the tests until
/// `stop()`: its standard error goes to a log file, and it is up once `address` finds its address in that log.
package final class TollgateChild {
    /// The address `address` read from the log, such as `http://127.0.0.1:40123`.
    package let url: String
    private let process: Process
    private let logFile: URL

    /// Runs `tollgate arguments` in `folder` (with `environment` over this process's) and waits until `address`
    /// reads an address from its log; throws with the log when it exits or says none within `timeout`.
    package init(_ arguments: [String], in folder: URL, environment: [String: String] = [:],
                 timeout: Duration = .seconds(30), address: (String) -> String?) async throws {
        let executable = BuiltTollgate.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path),
                     "no 'tollgate' at \(executable.path); build it with the tests (swift build --build-tests)")
        let name = arguments.first ?? "tollgate"
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-\(name)-\(UUID()).log")
        try #require(FileManager.default.createFile(atPath: logFile.path, contents: nil), "cannot create \(logFile.path)")
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
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
            found = address((try? String(contentsOf: logFile, encoding: .utf8)) ?? "")
        }
        guard let found else {
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: logFile)
            throw ChildProcess.Failure(description: "tollgate \(name) gave no address within \(timeout); log:\n\(log)")
        }
        url = found
    }

    deinit {
        // A test that failed before `stop()` must not leave the command behind.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: logFile)
    }

    /// What the command has written to standard error so far.
    package var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Kills the process with SIGKILL, as a crash or a power cut would, and waits until it is gone.
    package func crash() async {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    }

    /// Sends SIGTERM and waits for the exit status (negative: the signal that ended it); nil when it had to be
    /// killed after `timeout`.
    package func stop(timeout: Duration = .seconds(15)) async -> Int32? {
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
}
