/// Where each line of a text starts, to turn byte offsets into 1-based lines and columns (columns count
/// Unicode scalars, as diagnostics do).
package struct JSONLineTable: Sendable {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        lineStarts = starts
    }

    /// The line and column of byte `offset`.
    package func position(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        // A scalar starts at every byte that is not a UTF-8 continuation byte.
        let column = bytes[lineStarts[low]..<offset].count { $0 & 0xC0 != 0x80 } + 1
        return (low + 1, column)
    }
}
