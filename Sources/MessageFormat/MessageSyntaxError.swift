/// Why a message is not valid ICU MessageFormat, and where.
package struct MessageSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, rustc style: lowercase, no trailing period, user values in single quotes.
    ///
    /// A position inside the message ("opened at character 5") counts scalars from 1.
    package var message: String
    /// The Unicode scalar offset of the problem, from 0 through the text's scalar count (end of text).
    package var offset: Int
    /// What was probably meant or expected, such as "did you mean 'number'?", for a diagnostic's help line.
    package var help: String?

    package init(message: String, offset: Int, help: String? = nil) {
        self.message = message
        self.offset = offset
        self.help = help
    }

    package var description: String {
        "character \(offset + 1): \(message)" + (help.map { " (help: \($0))" } ?? "")
    }
}
