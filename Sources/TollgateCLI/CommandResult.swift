package import Foundation

/// What a command printed and how it ended.
package struct CommandResult: Hashable, Sendable {
    package var stdout = ""
    package var stderr = ""
    package var exitCode: Int32 = ExitCode.success

    package init(stdout: String = "", stderr: String = "", exitCode: Int32 = ExitCode.success) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitCode = exitCode
    }
}

/// The exit codes every command shares.
package enum ExitCode {
    /// Success; warnings allowed.
    package static let success: Int32 = 0
    /// The input has errors (or warnings under `--strict`).
    package static let findings: Int32 = 1
    /// A usage error, an unreadable file or an internal failure.
    package static let failure: Int32 = 2
}

/// Where a command runs: its working directory, environment, standard input, clock and terminal.
package struct CommandContext: Sendable {
    package var currentDirectory: String
    package var environment: [String: String]
    package var stderrIsTerminal: Bool
    /// The time commands judge expiry against when the input gives none.
    package var now: Date
    /// Reads all of standard input, for `--input -`.
    package var readStandardInput: @Sendable () -> [UInt8]

    package init(currentDirectory: String, environment: [String: String] = [:], stderrIsTerminal: Bool = false,
                 now: Date = Date(), readStandardInput: @escaping @Sendable () -> [UInt8] = { [] }) {
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.stderrIsTerminal = stderrIsTerminal
        self.now = now
        self.readStandardInput = readStandardInput
    }
}
