package import Server
package import Store

/// How the service loads apps: from the project's folder (`Policies/` and `Templates/`), and from a snapshot
/// published to a store. The composition root brings it, so that the service does not know the project layout.
package protocol ReleaseLoader: Sendable {
    /// The folder's apps in words, as the service's log names them: "Policies/ and Templates/ in /srv".
    var folderDescription: String { get }

    /// A cheap value that changes whenever a file of the folder does.
    func folderFingerprint() -> String

    /// Loads, validates and compiles every app of the folder; throws a sentence when anything has an error.
    func releases() throws(ReloadError) -> [AppRelease]

    /// Prepares a published snapshot for serving.
    func release(of snapshot: Snapshot) throws(ReloadError) -> AppRelease
}
