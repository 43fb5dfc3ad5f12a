/// A 1-based line and column; columns count Unicode scalars (characters as a reader counts them).
package struct SourcePosition: Hashable, Sendable, Comparable, Codable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A range of source text in one file; `end` is exclusive.
package struct SourceSpan: Hashable, Sendable, Codable {
    package var file: String
    package var start: SourcePosition
    package var end: SourcePosition

    package init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// The whole-file span: line 1, column 1, for problems that belong to no one value.
    package static func wholeFile(_ file: String) -> SourceSpan {
        SourceSpan(file: file, start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
    }
}
