/// What a channel serves for one app: its version and hash.
package struct ChannelPointer: Hashable, Sendable {
    package var app: String
    package var version: Int
    package var hash: String

    package init(app: String, version: Int, hash: String) {
        self.app = app
        self.version = version
        self.hash = hash
    }
}

extension PolicyStore {
    /// What `channel` serves for every app that published there, sorted by app.
    package func pointers(channel: String) throws(StoreError) -> [ChannelPointer] {
        var pointers: [ChannelPointer] = []
        for app in try apps() {
            if let snapshot = try active(app: app, channel: channel) {
                pointers.append(ChannelPointer(app: app, version: snapshot.version, hash: snapshot.hash))
            }
        }
        return pointers
    }
}
