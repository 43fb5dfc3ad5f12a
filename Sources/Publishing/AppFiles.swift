import Project

/// One file's path, relative to the project, and its bytes.
package struct FileContent: Hashable, Sendable {
    /// The path diagnostics name and the store records, such as `Policies/photocollage.yaml`.
    package var path: String
    package var bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// What one app publishes: its policy file and its template files, as text the caller read.
package struct AppFiles: Hashable, Sendable {
    package var app: String
    package var policy: FileContent
    package var templates: [FileContent]

    package init(app: String, policy: FileContent, templates: [FileContent]) {
        self.app = app
        self.policy = policy
        self.templates = templates
    }

    /// The files at the paths a project keeps them: `Policies/<app>.yaml` and `Templates/<app>/<locale>.yaml`.
    package init(app: String, policy: [UInt8], templates: [String: [UInt8]]) {
        self.init(app: app, policy: FileContent(path: Self.policyPath(app: app), bytes: policy),
                  templates: templates.sorted { $0.key < $1.key }.map { locale, bytes in
                      FileContent(path: "\(Self.templateDirectory(app: app))/\(locale).yaml", bytes: bytes)
                  })
    }

    /// The bytes of every file by path; of two files at one path, the first.
    package var byPath: [String: [UInt8]] {
        Dictionary(([policy] + templates).map { ($0.path, $0.bytes) }) { first, _ in first }
    }

    /// `Policies/<app>.yaml`.
    package static func policyPath(app: String) -> String { ProjectLayout.policyPath(app: app) }

    /// `Templates/<app>`.
    package static func templateDirectory(app: String) -> String { ProjectLayout.templateFolder(app: app) }
}
