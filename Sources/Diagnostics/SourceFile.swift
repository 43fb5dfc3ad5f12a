/// A file's path and text, with a line table for excerpts.
package struct SourceFile: Sendable {
    package let path: String
    package let lines: [Substring]

    package init(path: String, text: String) {
        self.path = path
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The text of a 1-based line without its line break, or nil past the end.
    package func line(_ number: Int) -> Substring? {
        guard number >= 1, number <= lines.count else { return nil }
        let line = lines[number - 1]
        return line.last == "\r" ? line.dropLast() : line
    }
}
