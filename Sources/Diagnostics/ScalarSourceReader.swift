/// Reads a scalar's source back into its value, noting where each character came from.
struct ScalarSourceReader {
    let lines: SourceLines
    let fileID: SourceFileID
    var text: [Unicode.Scalar] = []
    var pieces: [SourceMap.Piece] = []

    init(lines: SourceLines, fileID: SourceFileID) {
        self.lines = lines
        self.fileID = fileID
    }

    /// The map, if the text read back is `value`; a block scalar's chomped final line breaks may be missing.
    func map(matching value: [Unicode.Scalar], trailingBreaksAllowed: Bool) -> SourceMap? {
        guard !value.isEmpty, text.count >= value.count, text[..<value.count].elementsEqual(value) else { return nil }
        guard text.count == value.count || (trailingBreaksAllowed && text[value.count...].allSatisfy({ $0 == "\n" }))
        else { return nil }
        var kept = pieces.filter { $0.offset < value.count }
        // Only a verbatim run can reach past the value (other pieces are one character): shorten it.
        if var last = kept.popLast() {
            let count = min(last.count, value.count - last.offset)
            if count < last.count {
                last.count = count
                last.end = SourcePosition(line: last.start.line, column: last.start.column + count)
            }
            kept.append(last)
        }
        return SourceMap(fileID: fileID, pieces: kept)
    }

    // MARK: Flow scalars

    /// Reads a plain (`quote` nil), single- or double-quoted scalar written from `start` to `end`.
    mutating func flow(from start: SourcePosition, to end: SourcePosition, quote: Unicode.Scalar?) -> Bool {
        let quoted = quote != nil
        guard start.line >= 1, end.line <= lines.count, start <= end else { return false }
        var segments: [(line: Int, from: Int, to: Int)] = []
        for line in start.line...end.line {
            let scalars = lines[line - 1]
            var from = line == start.line ? start.column - 1 + (quoted ? 1 : 0) : 0
            var to = line == end.line ? end.column - 1 - (quoted ? 1 : 0) : scalars.count
            guard from >= 0, to <= scalars.count, from <= to else { return false }
            if line != start.line {
                while from < to, isBlank(scalars[from]) { from += 1 }
            }
            if line != end.line {
                while to > from, isBlank(scalars[to - 1]) { to -= 1 }
            }
            segments.append((line, from, to))
        }
        var blankLines = 0
        var previousEnd: SourcePosition?
        var escapedBreak = false
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            let isEmpty = segment.from == segment.to
            if index > 0, isEmpty, !isLast {
                blankLines += 1
                continue
            }
            let here = SourcePosition(line: segment.line, column: segment.from + 1)
            if let previousEnd, !escapedBreak {
                if blankLines == 0 {
                    other(" ", from: previousEnd, to: here)
                } else {
                    for _ in 0..<blankLines { other("\n", from: previousEnd, to: here) }
                }
            }
            blankLines = 0
            guard let lineEnd = read(segment, quote: quote, escapedBreak: &escapedBreak) else { return false }
            previousEnd = lineEnd
        }
        return true
    }

    /// Reads one line's part of a flow scalar; returns where its text ends, or nil on an unknown escape.
    private mutating func read(_ segment: (line: Int, from: Int, to: Int), quote: Unicode.Scalar?,
                               escapedBreak: inout Bool) -> SourcePosition? {
        let scalars = lines[segment.line - 1]
        escapedBreak = false
        var column = segment.from
        while column < segment.to {
            let scalar = scalars[column]
            if quote == "'", scalar == "'", column + 1 < segment.to, scalars[column + 1] == "'" {
                other("'", from: position(segment.line, column), to: position(segment.line, column + 2))
                column += 2
            } else if quote == "\"", scalar == "\\" {
                guard column + 1 < segment.to else {
                    // A backslash at the end of a line joins the next line without a space.
                    escapedBreak = true
                    return position(segment.line, column)
                }
                guard let (decoded, length) = escape(in: scalars, at: column + 1, before: segment.to) else {
                    return nil
                }
                other(decoded, from: position(segment.line, column), to: position(segment.line, column + 1 + length))
                column += 1 + length
            } else {
                verbatim(scalar, line: segment.line, column: column)
                column += 1
            }
        }
        return position(segment.line, segment.to)
    }

    /// The character a double-quoted escape stands for and the length of what follows the backslash.
    private func escape(in scalars: [Unicode.Scalar], at index: Int, before end: Int) -> (Unicode.Scalar, Int)? {
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "0": "\0", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}",
            "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
            "L": "\u{2028}", "P": "\u{2029}",
        ]
        let letter = scalars[index]
        if let decoded = simple[letter] { return (decoded, 1) }
        let digits: Int
        switch letter {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default: return nil
        }
        guard index + digits < end else { return nil }
        let hex = String(String.UnicodeScalarView(scalars[(index + 1)...(index + digits)]))
        guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
        return (decoded, 1 + digits)
    }

    // MARK: Block scalars

    /// Reads a literal (`|`) or folded (`>`) scalar whose indicator is at `start`.
    mutating func block(from start: SourcePosition, to end: SourcePosition, folded: Bool) -> Bool {
        guard start.line >= 1, start.line <= lines.count else { return false }
        let header = lines[start.line - 1].dropFirst(start.column)
        // An explicit indentation is counted from the parent's, which the node does not know.
        guard !header.prefix(while: { !isBlank($0) && $0 != "#" }).contains(where: { ("1"..."9").contains($0) }) else {
            return false
        }
        let last = min(end.line, lines.count)
        guard start.line < last else { return false }
        let body = (start.line + 1)...last
        let lines = self.lines
        let isBlankLine = { (line: Int) in lines[line - 1].allSatisfy { $0 == " " } }
        guard let first = body.first(where: { !isBlankLine($0) }) else { return false }
        let indent = lines[first - 1].prefix { $0 == " " }.count
        var previousEnd: SourcePosition?
        var previousNormal = false
        var blankLines = 0
        for line in body {
            let scalars = lines[line - 1]
            if scalars.count <= indent, isBlankLine(line) {
                blankLines += 1
                continue
            }
            // A less indented line is the next key, where libyaml may have put the end mark.
            guard scalars.prefix(indent).allSatisfy({ $0 == " " }) else { break }
            let here = position(line, indent)
            let normal = !isBlank(scalars[indent])
            if let previousEnd {
                let breaks = folded && previousNormal && normal ? blankLines : blankLines + 1
                if breaks == 0 { other(" ", from: previousEnd, to: here) }
                for _ in 0..<breaks { other("\n", from: previousEnd, to: here) }
            } else {
                for _ in 0..<blankLines { other("\n", from: here, to: here) }
            }
            blankLines = 0
            for column in indent..<scalars.count { verbatim(scalars[column], line: line, column: column) }
            previousEnd = position(line, scalars.count)
            previousNormal = normal
        }
        if let previousEnd {
            for _ in 0...blankLines { other("\n", from: previousEnd, to: previousEnd) }
        }
        return true
    }

    // MARK: Building

    private func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    /// The 1-based position of the 0-based `column` of `line`.
    private func position(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(line: line, column: column + 1)
    }

    /// Appends a character copied from the source, extending the last piece when it continues it.
    private mutating func verbatim(_ scalar: Unicode.Scalar, line: Int, column: Int) {
        let start = position(line, column)
        if let last = pieces.last, last.isVerbatim, last.end == start {
            pieces[pieces.count - 1].count += 1
            pieces[pieces.count - 1].end.column += 1
        } else {
            pieces.append(SourceMap.Piece(offset: text.count, count: 1, start: start,
                                          end: position(line, column + 1)))
        }
        text.append(scalar)
    }

    /// Appends a character written otherwise (an escape, a folded line break), from `start` to `end`.
    private mutating func other(_ scalar: Unicode.Scalar, from start: SourcePosition, to end: SourcePosition) {
        pieces.append(SourceMap.Piece(offset: text.count, count: 1, start: start, end: end))
        text.append(scalar)
    }
}
