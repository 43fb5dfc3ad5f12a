extension UnsafeBufferPointer<UInt8> {
    /// The index of the first byte from `index` on that is not JSON whitespace (space, tab, line feed, carriage
    /// return), or `count`: where the JSON readers go on after whitespace.
    package func endOfJSONWhitespace(from index: Int) -> Int {
        var index = index
        while index < count {
            switch self[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return index
            }
        }
        return index
    }
}
