package import Foundation
package import TollgateEvaluation

/// Publishing, rollback and history on the service's store, as the admin routes call them; each call opens
/// the store for itself.
package protocol AdminPublishing: Sendable {
    /// The channel a publish or rollback changes when the request names none.
    var defaultChannel: String { get }

    /// Validates, compiles and publishes `files` to `channel`, creating the store when missing.
    func publish(_ files: AdminFiles, to channel: String, author: String, message: String, at time: Date)
        throws(AdminError) -> AdminChange

    /// Points `channel` of `app` back at the snapshot `reference` names.
    func rollback(app: String, to reference: String, channel: String, author: String, message: String?,
                  at time: Date) throws(AdminError) -> AdminChange

    /// Publishes and rollbacks, newest first; none when there is no store yet.
    func history(app: String?, channel: String?) throws(AdminError) -> [AdminHistoryEntry]
}

/// An app's files as a publish request sends them: the policy's text and the template texts by locale.
package struct AdminFiles: Sendable {
    package var app: String
    package var policy: String
    package var templates: [String: String]

    package init(app: String, policy: String, templates: [String: String]) {
        self.app = app
        self.policy = policy
        self.templates = templates
    }
}

/// What a publish or rollback did to the channel: the snapshot it points at, and the history entry written
/// when it changed.
package struct AdminChange: Sendable {
    package var version: Int
    package var hash: String
    /// Nil when the channel already pointed at the snapshot, and nothing was written.
    package var entry: AdminHistoryEntry?

    package init(version: Int, hash: String, entry: AdminHistoryEntry?) {
        self.version = version
        self.hash = hash
        self.entry = entry
    }
}

/// One publish or rollback, as the history route lists it.
package struct AdminHistoryEntry: Hashable, Sendable, Encodable {
    package var version: Int
    package var hash: String
    package var app: String
    package var channel: String
    /// `publish` or `rollback`.
    package var action: String
    package var author: String
    package var message: String
    package var createdAt: Timestamp
    /// Whether this entry set what the channel serves now.
    package var active: Bool

    package init(version: Int, hash: String, app: String, channel: String, action: String, author: String,
                 message: String, createdAt: Timestamp, active: Bool) {
        self.version = version
        self.hash = hash
        self.app = app
        self.channel = channel
        self.action = action
        self.author = author
        self.message = message
        self.createdAt = createdAt
        self.active = active
    }

    enum CodingKeys: String, CodingKey {
        case version, hash, app, channel, action, author, message, createdAt = "created_at", active
    }
}
