/// Why a JSON text could not be read, and where: 1-based line and column, columns counting characters.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    /// What is wrong, lowercase: "expected ',' or '}', found 'x'".
    package var problem: String

    package var description: String { "bad JSON at line \(line), column \(column): \(problem)" }
}
