import Foundation

extension Decimal {
    /// Parses a policy amount such as `29.99` or `3900`: ASCII digits with an optional `.` and fraction digits.
    ///
    /// Signs, exponents, grouping separators, spaces and a bare `.` are refused (Foundation's own parser
    /// would stop at the first bad character and return what it read so far). Read without a locale, so `.`
    /// separates the fraction and Foundation's ICU is never loaded.
    package init?(policyAmount text: String) {
        guard Self.fractionDigits(ofPolicyAmount: text) != nil,
              let value = Decimal(string: text) else { return nil }
        self = value
    }

    /// The number of digits after the `.` of a well-formed policy amount, or nil when it is not one.
    package static func fractionDigits(ofPolicyAmount text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in
            !part.isEmpty && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        }
        guard let whole = parts.first, isDigits(whole) else { return nil }
        guard parts.count == 2 else { return 0 }
        return isDigits(parts[1]) ? parts[1].count : nil
    }

    /// The value rounded half up to `digits` fraction digits and written with exactly that many, like `4.10`.
    package func policyText(fractionDigits digits: Int) -> String {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, digits, .plain)
        var text = rounded.description
        guard digits > 0 else { return text }
        if !text.contains(".") { text += "." }
        let present = text.split(separator: ".", omittingEmptySubsequences: false).last?.count ?? 0
        return text + String(repeating: "0", count: max(0, digits - present))
    }
}
