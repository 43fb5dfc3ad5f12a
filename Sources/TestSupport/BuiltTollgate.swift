package import Foundation

/// The `tollgate` executable built with the tests, run as a user runs it: for suites that check what a command
/// prints without linking the command line.
package enum BuiltTollgate {
    /// The executable next to the test bundle.
    package static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tollgate")
    }

    /// Runs `tollgate ARGUMENTS` in `folder` to its end and returns its status and output; after `timeout` seconds
    /// it is killed and the result says so.
    package static func run(_ arguments: [String], in folder: String, timeout: TimeInterval = 300) throws
        -> ChildProcessResult
    {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ChildProcess.Failure(description:
                "no 'tollgate' at \(executable.path); build it with the tests (swift build --build-tests)")
        }
        let files = try OutputFiles()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = files.output
        process.standardError = files.errors
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let timedOut = ended.wait(timeout: .now() + timeout) == .timedOut
        if timedOut {
            process.terminate()
            ended.wait()
        }
        return files.result(status: process.terminationStatus, timedOut: timedOut)
    }
}
