/// A file's bytes, kept once after loading so a finding inside a value can be placed character by character.
///
/// Only the offsets where lines start are computed up front; a line's characters are decoded when a finding
/// asks for them. The class is immutable, so every value read from the file shares it without copying.
package final class SourceText: Sendable {
    package let fileID: SourceFileID
    private let bytes: [UInt8]
    /// The byte offset where each line starts; line 1 starts at 0.
    private let lineStarts: [UInt32]

    /// The text of `bytes`, which the YAML parser has checked to be UTF-8.
    package init(_ bytes: [UInt8], fileID: SourceFileID) {
        self.fileID = fileID
        self.bytes = bytes
        var starts: [UInt32] = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
                starts.append(UInt32(truncatingIfNeeded: index + 1))
            }
        }
        lineStarts = starts
    }

    /// The number of lines; a final line break starts one last, empty line.
    package var lineCount: Int { lineStarts.count }

    /// The characters of the 1-based `line`, without its line break; libyaml skips a byte order mark
    /// without counting it as a column, and so does this.
    func scalars(ofLine line: Int) -> [Unicode.Scalar] {
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var scalars = Array(String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
        if line == 1, scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        return scalars
    }

    /// The byte offset of `position` (columns count characters), or nil when the file has no such position.
    package func offset(of position: SourcePosition) -> Int? {
        guard position.line >= 1, position.line <= lineStarts.count, position.column >= 1 else { return nil }
        var offset = Int(lineStarts[position.line - 1])
        let end = position.line < lineStarts.count ? Int(lineStarts[position.line]) - 1 : bytes.count
        // libyaml does not count a byte order mark as a column.
        if position.line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset += 3 }
        var column = 1
        while column < position.column {
            guard offset < end else { return nil }
            offset += 1
            while offset < end, bytes[offset] & 0xC0 == 0x80 {
                offset += 1
            }
            column += 1
        }
        return offset
    }

    /// Calls `body` with the bytes `range` of the file, read in place; `range` must lie in the file.
    package func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The lines `range` decoded, for reading one value back.
    func lines(_ range: ClosedRange<Int>) -> SourceLines {
        let lower = max(range.lowerBound, 1)
        let upper = min(range.upperBound, lineCount)
        let window = lower <= upper ? (lower...upper).map(scalars(ofLine:)) : []
        return SourceLines(count: lineCount, first: lower, window: window)
    }
}

/// Some decoded lines of a file, indexed from 0 like an array of all its lines.
struct SourceLines {
    /// The number of lines in the whole file.
    let count: Int
    /// The 1-based number of the first decoded line.
    let first: Int
    let window: [[Unicode.Scalar]]

    /// The characters of the 0-based line `index`, which must be one of the decoded lines.
    subscript(index: Int) -> [Unicode.Scalar] { window[index + 1 - first] }
}
