/// The minor-unit digits of an ISO 4217 currency in use (JPY 0, USD 2, BHD 3), or nil when the code is not one.
///
/// The model holds no currency data of its own: the command line and the service pass ICU's.
package typealias CurrencyDigits = @Sendable (_ code: String) -> Int?
