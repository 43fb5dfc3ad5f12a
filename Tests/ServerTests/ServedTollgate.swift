import Foundation
import Testing
import TestSupport

/// How a child process ended and what it printed.
struct ChildProcessResult: Sendable {
    var status: Int32
    var timedOut: Bool
    var stdout: String
    var stderr: String

    var succeeded: Bool { !timedOut && status == 0 }
}

/// Runs other programs (scripts, Python, Chromium) to their end from async tests.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `arguments` in `folder` and returns its exit status and output; after `timeout`
    /// its whole process group is killed.
    ///
    /// Output goes to files rather than pipes: a full pipe would block the child while we wait for it to exit.
    static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil,
                    environment: [String: String] = [:], timeout: Duration) async throws -> ChildProcessResult {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-child-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("stdout")
        let errors = work.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
              FileManager.default.createFile(atPath: errors.path, contents: nil) else {
            throw Failure(description: "cannot create files in \(work.path)")
        }
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        let (exits, exit) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { process in
            exit.yield(process.terminationStatus)
            exit.finish()
        }
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(executable): \(error)")
        }
        let pid = process.processIdentifier
        let watchdog = Task { () -> Bool in
            do { try await Task.sleep(for: timeout) } catch { return false }
            // Process gives the child a process group of its own: end its helpers with it.
            kill(-pid, SIGKILL)
            return true
        }
        var status: Int32 = -1
        for await code in exits { status = code }
        watchdog.cancel()
        let timedOut = await watchdog.value
        try outputHandle.close()
        try errorHandle.close()
        let text = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
        return ChildProcessResult(status: status, timedOut: timedOut, stdout: text(output), stderr: text(errors))
    }
}

/// `tollgate serve --port 0 --host 127.0.0.1` run from the executable built with the tests, in the repository
/// root unless told otherwise: the service as a deployment runs it, for tests through real clients.
final class ServedTollgate {
    /// The base address from the `listening` log line, such as `http://127.0.0.1:40123`.
    let url: String
    private let process: Process
    private let logFile: URL

    /// The executable next to the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tollgate")
    }

    /// Starts the service and waits for its `listening` line; throws with the log when it exits or stays silent.
    init(in folder: URL = Fixtures.repositoryRoot(), timeout: Duration = .seconds(30)) async throws {
        let executable = Self.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path),
                     "no 'tollgate' at \(executable.path); build it with the tests (swift build --build-tests)")
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-serve-\(UUID()).log")
        try #require(FileManager.default.createFile(atPath: logFile.path, contents: nil), "cannot create \(logFile.path)")
        process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--host", "127.0.0.1"]
        process.currentDirectoryURL = folder
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

    /// The `url` of the first `{"event":"listening",…}` line of `log`.
    private static func listeningURL(in log: String) -> String? {
        for line in log.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == "listening" else { continue }
            return object["url"] as? String
        }
        return nil
    }
}
