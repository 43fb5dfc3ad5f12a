package import Diagnostics

/// A position as the Language Server Protocol counts it: a 0-based line and a 0-based column in UTF-16 code
/// units.
package struct LSPPosition: Hashable, Sendable, Comparable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A range of a document as LSP counts it; `end` is exclusive.
package struct LSPRange: Hashable, Sendable {
    package var start: LSPPosition
    package var end: LSPPosition

    package init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }
}

/// A document's lines, to turn the validator's positions (1-based lines, columns counting Unicode scalars) into
/// LSP's (0-based lines, columns counting UTF-16 code units) and back.
///
/// Lines end at `\n`; a `\r` before it belongs to no column an editor shows, as for the YAML reader.
package struct LineIndex: Sendable {
    /// Each line's scalars, without its line break.
    private let lines: [[Unicode.Scalar]]

    package init(_ text: String) {
        lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            Array(line.last == "\r" ? line.dropLast() : line)
        }
    }

    package var lineCount: Int { lines.count }

    /// `position` in LSP's counting; a line or column past the end is clamped to it.
    package func lspPosition(_ position: SourcePosition) -> LSPPosition {
        let line = min(max(position.line - 1, 0), lines.count - 1)
        let scalars = lines[line].prefix(max(position.column - 1, 0))
        return LSPPosition(line: line, character: scalars.reduce(0) { $0 + UTF16.width($1) })
    }

    /// `span` in LSP's counting.
    package func lspRange(_ span: SourceSpan) -> LSPRange {
        LSPRange(start: lspPosition(span.start), end: lspPosition(span.end))
    }

    /// `position` in the validator's counting; a column inside a surrogate pair counts as the scalar it starts,
    /// and a line or column past the end is clamped to it.
    package func sourcePosition(_ position: LSPPosition) -> SourcePosition {
        let line = min(max(position.line, 0), lines.count - 1)
        var units = 0
        var column = 1
        for scalar in lines[line] {
            units += UTF16.width(scalar)
            guard units <= position.character else { break }
            column += 1
        }
        return SourcePosition(line: line + 1, column: column)
    }
}
