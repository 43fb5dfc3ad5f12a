/// A version of one to four dot-separated whole numbers; missing parts are 0, so `2.3` equals `2.3.0`.
struct AppVersion: Comparable, Hashable, Sendable {
    private var parts: SIMD4<UInt32>

    /// Reads `2`, `2.3`, `2.3.1` or `2.3.1.4`; nil for anything else, without allocating.
    init?(_ text: Substring) {
        var parts = SIMD4<UInt32>()
        var index = 0
        var digits = 0
        var value: UInt32 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, index < 3 else { return nil }
                parts[index] = value
                index += 1
                digits = 0
                value = 0
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let (multiplied, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = multiplied.addingReportingOverflow(UInt32(byte - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                value = sum
                digits += 1
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        parts[index] = value
        self.parts = parts
    }

    static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<4 where lhs.parts[index] != rhs.parts[index] {
            return lhs.parts[index] < rhs.parts[index]
        }
        return false
    }
}
