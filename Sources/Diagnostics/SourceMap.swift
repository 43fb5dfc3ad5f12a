/// Where each character of a decoded text, such as a quoted YAML value, was written in its file.
///
/// Offsets count the Unicode scalars of the decoded text. Quotes, escapes, folded line breaks and block
/// indentation make the text differ from its source, so the map is a list of pieces: a run of characters
/// copied verbatim from one line, or one character written otherwise (an escape, a folded line break).
package struct SourceMap: Hashable, Sendable {
    /// Decoded characters `offset ..< offset + count`, written from `start` to `end` (exclusive).
    package struct Piece: Hashable, Sendable {
        package var offset: Int
        package var count: Int
        package var start: SourcePosition
        package var end: SourcePosition

        package init(offset: Int, count: Int, start: SourcePosition, end: SourcePosition) {
            self.offset = offset
            self.count = count
            self.start = start
            self.end = end
        }

        /// Whether each character of the piece is one column of the source.
        package var isVerbatim: Bool { start.line == end.line && end.column - start.column == count }
    }

    package let fileID: SourceFileID
    /// The pieces in order; together they cover the decoded text without gaps.
    package let pieces: [Piece]

    package init(fileID: SourceFileID, pieces: [Piece]) {
        self.fileID = fileID
        self.pieces = pieces
    }

    package init(file: String, pieces: [Piece]) {
        self.init(fileID: SourceFileID(file), pieces: pieces)
    }

    /// The file's path.
    package var file: String { fileID.path }

    /// The source span of the decoded characters `range`; an empty range is a point before its character.
    package func span(of range: Range<Int>) -> SourceSpan? {
        guard let last = pieces.last else { return nil }
        let count = last.offset + last.count
        let lower = min(max(range.lowerBound, 0), count)
        let upper = max(lower, min(range.upperBound, count))
        let start = lower == count ? last.end : startPosition(of: lower)
        let end = upper == lower ? start : endPosition(of: upper - 1)
        return SourceSpan(fileID: fileID, start: start, end: end)
    }

    /// Where the character at `offset` starts.
    private func startPosition(of offset: Int) -> SourcePosition {
        let piece = pieces[index(of: offset)]
        guard piece.isVerbatim else { return piece.start }
        return SourcePosition(line: piece.start.line, column: piece.start.column + offset - piece.offset)
    }

    /// Where the character at `offset` ends.
    private func endPosition(of offset: Int) -> SourcePosition {
        let piece = pieces[index(of: offset)]
        guard piece.isVerbatim else { return piece.end }
        return SourcePosition(line: piece.start.line, column: piece.start.column + offset - piece.offset + 1)
    }

    /// The index of the piece holding `offset`, by binary search.
    private func index(of offset: Int) -> Int {
        var low = 0
        var high = pieces.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pieces[middle].offset <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }
}
