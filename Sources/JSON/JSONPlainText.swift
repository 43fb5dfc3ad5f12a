/// Where the plain text of a JSON string literal ends, found eight bytes at a time: the writer copies such runs
/// whole and the usual-form reader takes them as they are.
package enum JSONPlainText {
    /// The index of the first byte at or after `start` that a JSON string literal cannot hold as it is (a control
    /// character, `"` or `\`), or `utf8.count` when there is none.
    package static func end(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = utf8.baseAddress {
            while index + 8 <= utf8.count,
                  !special(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
            }
        }
        while index < utf8.count, !special(utf8[index]) { index += 1 }
        return index
    }

    private static func special(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any of the eight bytes in `word` is special: `(x - 0x01…) & ~x & 0x80…` is non-zero exactly when
    /// some byte of `x` is zero, and with `0x20…` in place of `0x01…` when some byte is below 0x20.
    private static func special(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let control = (word &- ones &* 0x20) & ~word
        return (control | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & high != 0
    }
}
