/// An app at a published version: what a store's channel points at, as the holder is told it.
package struct AppPointer: Hashable, Sendable {
    package var app: String
    package var version: Int
    /// The bundle's identity, `sha256:…`.
    package var hash: String

    package init(app: String, version: Int, hash: String) {
        self.app = app
        self.version = version
        self.hash = hash
    }
}
