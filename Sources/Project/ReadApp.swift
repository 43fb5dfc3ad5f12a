import PolicyLoader

/// One app's files as read, before they are loaded: `Project.load(_:limits:)` loads many at once.
package struct ReadApp: Sendable {
    /// The app with what reading found (a file over the size limit), no sources yet.
    package var app: LoadedApp
    /// What the loader takes; nil when the policy was not read.
    var input: AppLoader.Input?
}

extension ReadApp {
    /// An app none of whose files were read, with what reading found.
    package init(app: LoadedApp) {
        self.init(app: app, input: nil)
    }
}
