package import TollgateEvaluation

/// What `publish` stores: the compiled bundle, the files it was compiled from, and its products.
package struct Publication: Sendable {
    package var app: String
    package var channel: String
    /// The bundle's identity, `sha256:…`.
    package var hash: String
    /// The canonical bundle bytes.
    package var bundle: [UInt8]
    /// The policy and template files as published, by path relative to the project.
    package var files: [String: [UInt8]]
    /// Every product of the policy, with its type.
    package var products: [(id: String, type: String)]
    package var author: String
    package var message: String
    /// When it was published.
    package var createdAt: Timestamp

    package init(app: String, channel: String, hash: String, bundle: [UInt8], files: [String: [UInt8]],
                 products: [(id: String, type: String)], author: String, message: String, createdAt: Timestamp) {
        self.app = app
        self.channel = channel
        self.hash = hash
        self.bundle = bundle
        self.files = files
        self.products = products
        self.author = author
        self.message = message
        self.createdAt = createdAt
    }
}

/// A published snapshot, with its files.
package struct Snapshot: Hashable, Sendable {
    package var app: String
    package var version: Int
    package var hash: String
    package var bundle: [UInt8]
    package var files: [String: [UInt8]]
    package var author: String
    package var message: String
    package var createdAt: Timestamp
}

/// One publish or rollback: which snapshot a channel was pointed at, by whom and why.
package struct HistoryEntry: Hashable, Sendable, Encodable {
    package var version: Int
    package var hash: String
    package var app: String
    package var channel: String
    package var action: Action
    package var author: String
    package var message: String
    package var createdAt: Timestamp
    /// Whether this entry set what the channel serves now.
    package var active: Bool

    enum CodingKeys: String, CodingKey {
        case version, hash, app, channel, action, author, message, createdAt = "created_at", active
    }

    /// What an entry did to its channel, spelled as the store's `audit.action` column and the JSON hold it.
    package enum Action: String, Hashable, Sendable, CaseIterable, Encodable {
        /// Pointed the channel at a snapshot published for it (new or reused).
        case publish
        /// Pointed the channel back at a snapshot published before.
        case rollback
    }
}

/// A product id the store has seen published, with its type and the versions it was in.
package struct PublishedProduct: Hashable, Sendable {
    package var id: String
    package var type: String
    package var firstVersion: Int
    package var lastVersion: Int
}

/// The products an app has ever published, and its newest version.
package struct PublishedCatalog: Hashable, Sendable {
    package var products: [String: PublishedProduct]
    package var latestVersion: Int

    package init(products: [String: PublishedProduct], latestVersion: Int) {
        self.products = products
        self.latestVersion = latestVersion
    }
}

/// What a publish or rollback did to the channel.
package enum ChannelChange: Hashable, Sendable {
    /// The channel now points at the snapshot of this entry.
    case changed(HistoryEntry)
    /// The channel already pointed at the snapshot `version`, with `hash`; nothing was written.
    case alreadyActive(version: Int, hash: String)
}

/// What a publish did: changed the channel (or found it unchanged), or was refused.
package enum PublishResult: Hashable, Sendable {
    case applied(ChannelChange)
    /// Another publish changed what this one may do since it was validated; nothing was written.
    /// `latestVersion` is the app's newest version, against which the conflicts hold.
    case refused([ProductConflict], latestVersion: Int)
}

/// A product of a publication that what the store holds forbids; validation words it.
package enum ProductConflict: Hashable, Sendable {
    /// The id was published with type `published`; the publication gives it type `proposed`.
    case typeChanged(id: String, published: String, proposed: String)
    /// The id was published, then removed from a later version; it may not come back.
    case idReused(id: String)
}
