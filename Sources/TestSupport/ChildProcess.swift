package import Foundation

/// How a child process ended and what it printed.
package struct ChildProcessResult: Sendable {
    package var status: Int32
    package var timedOut: Bool
    package var stdout: String
    package var stderr: String

    package var succeeded: Bool { !timedOut && status == 0 }
}

/// Runs other programs (scripts, Python, Chromium) to their end from async tests.
package enum ChildProcess {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// Runs `executable` with `arguments` in `folder` and returns its exit status and output; after `timeout`
    /// its whole process group is killed. Output goes to files (`OutputFiles`), never pipes.
    package static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil,
                    environment: [String: String] = [:], timeout: Duration) async throws -> ChildProcessResult {
        let files = try OutputFiles()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = files.output
        process.standardError = files.errors
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
        return files.result(status: status, timedOut: timedOut)
    }
}
