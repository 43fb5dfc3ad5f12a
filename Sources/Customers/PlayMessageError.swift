/// Why a Pub/Sub push body is not a Play notification Tollgate can read.
package struct PlayMessageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message's `messageId`, when it could be read.
    package var messageID: String?
    /// What is wrong, as a lowercase sentence: "the push body is not JSON: …".
    package var reason: String

    package init(messageID: String?, reason: String) {
        self.messageID = messageID
        self.reason = reason
    }

    package var description: String {
        guard let messageID else { return reason }
        return "message \(messageID): \(reason)"
    }
}
