package import Foundation
import PolicyModel

/// An amount as a whole number of the currency's minor units (cents, fils; yen have none), so that
/// the render path does exact integer arithmetic instead of `Decimal`'s much slower arithmetic.
package struct MinorAmount: Hashable, Sendable {
    /// The amount in minor units: 2999 for $29.99, 8800 for ¥8,800.
    package let units: Int64
    /// The currency's fraction digits.
    package let digits: Int

    package init(units: Int64, digits: Int) {
        self.units = units
        self.digits = digits
    }

    /// Parses a decimal such as `29.99`; nil when it has more fraction digits than the currency or does
    /// not fit in 64 bits.
    package init?(_ text: String, digits: Int) {
        var units: Int64 = 0
        var fraction: Int?
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard fraction == nil else { return nil }
                fraction = 0
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            if let count = fraction {
                guard count < digits else { return nil }
                fraction = count + 1
            }
            let (times, overflow) = units.multipliedReportingOverflow(by: 10)
            guard !overflow, case (let sum, false) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0"))) else {
                return nil
            }
            units = sum
        }
        for _ in (fraction ?? 0)..<digits {
            let (times, overflow) = units.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            units = times
        }
        self.init(units: units, digits: digits)
    }

    /// `value` rounded half up to `digits` fraction digits; nil when it does not fit in 64 bits.
    package init?(rounding value: Decimal, digits: Int) {
        self.init(value.policyText(fractionDigits: digits), digits: digits)
    }

    /// This amount per `unit` of a period `length` long (both in the same unit of time), rounded half up:
    /// $59.99 a year (5,844 sixteenths of a day) is $5.00 a month (487).
    package func per(_ unit: Int, length: Int) -> MinorAmount? {
        let (scaled, overflow) = units.multipliedReportingOverflow(by: Int64(unit) * 2)
        guard !overflow, length > 0 else { return nil }
        return MinorAmount(units: (scaled + Int64(length)) / (Int64(length) * 2), digits: digits)
    }

    /// The amount written with `.` and exactly `digits` fraction digits: `29.99`, `8800`, `1.200`.
    package var text: String {
        guard digits > 0 else { return String(units) }
        var divisor: Int64 = 1
        for _ in 0..<digits { divisor *= 10 }
        let fraction = String(units % divisor)
        return "\(units / divisor)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// The exact value, for plurals and numbers in messages.
    package var decimal: Decimal {
        Decimal(sign: .plus, exponent: -digits, significand: Decimal(units))
    }
}
