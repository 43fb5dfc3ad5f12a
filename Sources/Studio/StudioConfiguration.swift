import Foundation
package import PolicyValidation
package import Store

/// What a studio serves: the project folder, the store its changes and publishes go to, and how it runs the
/// command line, so that every answer is the one `tollgate` itself gives.
package struct StudioConfiguration: Sendable {
    package var folder: String
    /// The store changes compare with and publishes go to, as the commands find it (`--store`, `TOLLGATE_STORE`,
    /// else `.tollgate/store.sqlite`), and its name in messages.
    package var store: (location: StoreLocation, name: String)
    /// The channel changes are compared with and publishes point.
    package var channel: String
    /// The validator of findings: `tollgate validate`'s, with the store's published products when one is named.
    package var validator: @Sendable () -> Validator
    /// Runs `tollgate` with `arguments` in the project folder, `input` as its standard input.
    package var run: CommandRunner
    /// Where Debian's CodeMirror 5 is, when installed.
    package var codeMirrorFolder = "/usr/share/javascript/codemirror"

    package init(folder: String, store: (location: StoreLocation, name: String), channel: String,
                 validator: @escaping @Sendable () -> Validator, run: @escaping CommandRunner) {
        self.folder = folder
        self.store = store
        self.channel = channel
        self.validator = validator
        self.run = run
    }

    /// `--store <name>`, for the commands the studio runs.
    var storeArguments: [String] { ["--store", store.name] }
}

/// What one run of the command line printed and ended with.
package struct CommandOutput: Sendable, Hashable {
    package var stdout: String
    package var stderr: String
    package var exitCode: Int32

    package init(stdout: String, stderr: String, exitCode: Int32) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitCode = exitCode
    }
}

/// Runs `tollgate` with its arguments and standard input.
package typealias CommandRunner = @Sendable (_ arguments: [String], _ input: [UInt8]) -> CommandOutput
