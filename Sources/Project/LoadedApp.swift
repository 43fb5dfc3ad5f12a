package import Diagnostics
package import PolicyModel

/// One app as loaded from a project's files: its sources if they could be built, and the findings of reading
/// and loading them.
package struct LoadedApp: Sendable {
    package var app: String
    /// The policy file, as findings name it.
    package var file: String
    /// The app's template files, sorted, loaded or not.
    package var templateFiles: [String]
    /// Nil when the policy could not be read or has errors that stop loading.
    package var sources: AppSources?
    package var diagnostics: [Diagnostic]
    /// The bytes of every file read, by path.
    package var contents: [String: [UInt8]]

    package init(app: String, file: String, templateFiles: [String] = [], sources: AppSources? = nil,
                 diagnostics: [Diagnostic] = [], contents: [String: [UInt8]] = [:]) {
        self.app = app
        self.file = file
        self.templateFiles = templateFiles
        self.sources = sources
        self.diagnostics = diagnostics
        self.contents = contents
    }

    /// The text of every file read, for excerpts under findings.
    package var sourceFiles: [String: SourceFile] {
        contents.reduce(into: [:]) { files, file in
            files[file.key] = SourceFile(path: file.key, text: String(decoding: file.value, as: UTF8.self))
        }
    }
}
