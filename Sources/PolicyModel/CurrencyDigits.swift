/// The minor-unit digits of an ISO 4217 currency in use (JPY 0, USD 2, BHD 3), or nil when the code is not one.
///
/// The model holds no currency data of its own: the command line and the service pass ICU's.
package typealias CurrencyDigits = @Sendable (_ code: String) -> Int?

/// ISO 4217's shape, which every place that takes a currency code checks before anything else.
package enum CurrencyCode {
    /// Whether `code` is three uppercase ASCII letters.
    package static func isWellFormed(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}
