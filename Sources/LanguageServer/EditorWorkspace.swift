package import Diagnostics
package import PolicyModel

/// The project as the editor sees it: every policy and template file, the open documents' unsaved text taking
/// precedence over the files on disk, each app loaded and validated exactly as `tollgate validate` does.
package struct EditorWorkspace: Sendable {
    /// One policy or template file's text, by its path relative to the workspace folder (`Policies/demo.yaml`),
    /// as findings name it.
    package struct Document: Sendable {
        package var path: String
        package var text: String
        package var lines: LineIndex

        package init(path: String, text: String) {
            self.path = path
            self.text = text
            self.lines = LineIndex(text)
        }
    }

    /// One app: its policy file, what loaded (nil when the policy has errors that stop loading), and every
    /// finding of validate for it, in validate's order.
    package struct App: Sendable {
        package var id: String
        package var policyFile: String
        /// The app's template files (`Templates/<app>/<locale>.yaml`), loaded or not.
        package var templateFiles: [String]
        package var sources: AppSources?
        package var diagnostics: [Diagnostic]

        package init(id: String, policyFile: String, templateFiles: [String], sources: AppSources?,
                     diagnostics: [Diagnostic]) {
            self.id = id
            self.policyFile = policyFile
            self.templateFiles = templateFiles
            self.sources = sources
            self.diagnostics = diagnostics
        }
    }

    /// Documents by path.
    package var documents: [String: Document]
    package var apps: [App]
    /// The workspace folder's absolute path, without a trailing `/`.
    package var folder = ""
    /// The URI the editor named each open document by, by path.
    package var openURIs: [String: String] = [:]

    package init(documents: [String: Document], apps: [App]) {
        self.documents = documents
        self.apps = apps
    }

    /// The app whose policy or templates include `path`.
    package func app(holding path: String) -> App? {
        apps.first { $0.policyFile == path || $0.templateFiles.contains(path) }
    }
}
