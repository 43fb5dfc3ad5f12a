/// A `oneTimeProductNotification`'s `notificationType`: 1 purchased, 2 canceled (a pending purchase that did not
/// complete), any other code kept as sent.
package struct PlayOneTimeEvent: PlayEventCode {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    package static let prefix = "ONE_TIME_PRODUCT_"

    package static let names: [Int: String] = [1: "PURCHASED", 2: "CANCELED"]

    package static let purchased = Self(rawValue: 1)
    package static let canceled = Self(rawValue: 2)
}
