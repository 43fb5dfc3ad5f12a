import Foundation

/// ISO 4217 currency codes as reference prices use them.
package enum ISOCurrency {
    /// Minor-unit digits of the currencies whose minor unit is not two digits (ISO 4217); every other has 2.
    package static let fractionDigitExceptions: [String: Int] = [
        "JPY": 0, "KRW": 0,
        "BHD": 3, "KWD": 3, "OMR": 3, "JOD": 3, "TND": 3,
    ]

    /// The codes Foundation knows as common ISO 4217 currencies.
    package static let knownCodes = Set(Locale.commonISOCurrencyCodes)

    /// How many fraction digits amounts in `code` may have.
    package static func fractionDigits(of code: String) -> Int {
        fractionDigitExceptions[code] ?? 2
    }

    /// Whether `code` is three uppercase ASCII letters.
    package static func isWellFormed(_ code: String) -> Bool {
        code.unicodeScalars.count == 3 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }

    /// Whether `code` is a well-formed, known ISO 4217 code.
    package static func isKnown(_ code: String) -> Bool {
        isWellFormed(code) && knownCodes.contains(code)
    }
}
