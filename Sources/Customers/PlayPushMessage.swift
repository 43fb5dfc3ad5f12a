import Foundation
import JSON

/// A Cloud Pub/Sub push message carrying a Play DeveloperNotification:
/// `{"message": {"data": "<base64>", "messageId", "publishTime", "attributes"}, "subscription"}`.
package struct PlayPushMessage: Hashable, Sendable {
    /// `message.messageId`: the same on each of Pub/Sub's redeliveries.
    package var messageID: String
    /// `message.publishTime`, as sent.
    package var publishTime: String?
    /// The Pub/Sub subscription that pushed it, `projects/…/subscriptions/…`.
    package var subscription: String?
    /// The notification `message.data` holds.
    package var notification: PlayDeveloperNotification

    /// Reads a push body: JSON whose `message` has a `messageId` and a `data` of standard base64 (its padding
    /// optional) holding the notification's JSON. The error carries the `messageId` whenever it was readable.
    package init(body: [UInt8]) throws(PlayMessageError) {
        let json: JSONValue
        do {
            json = try JSONValue(reading: body)
        } catch {
            throw PlayMessageError(messageID: nil, reason: "the push body is not JSON: \(error)")
        }
        let envelope: PayloadReader
        let message: PayloadReader
        do {
            envelope = try PayloadReader(json)
            message = try envelope.object(required: "message")
            messageID = try message.string(required: "messageId")
        } catch {
            throw PlayMessageError(messageID: nil, reason: error.description(naming: "the push body"))
        }
        let data: String
        do {
            subscription = try envelope.string("subscription")
            publishTime = try message.string("publishTime")
            data = try message.string(required: "data")
        } catch {
            throw PlayMessageError(messageID: messageID, reason: error.description(naming: "the push body"))
        }
        guard let bytes = Self.decodeBase64(data) else {
            throw PlayMessageError(messageID: messageID, reason: "the push body's 'message.data' is not base64")
        }
        let content: JSONValue
        do {
            content = try JSONValue(reading: bytes)
        } catch {
            throw PlayMessageError(messageID: messageID, reason: "the notification is not JSON: \(error)")
        }
        do {
            notification = try PlayDeveloperNotification(json: content)
        } catch {
            throw PlayMessageError(messageID: messageID, reason: error.description(naming: "the notification"))
        }
    }

    /// The bytes of standard base64 text, with or without its `=` padding; nil for anything else.
    private static func decodeBase64(_ text: String) -> [UInt8]? {
        let padding = String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        return Data(base64Encoded: text + padding).map(Array.init)
    }
}
