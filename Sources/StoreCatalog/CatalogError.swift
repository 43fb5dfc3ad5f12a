/// Why a catalog file could not be read: one clear error with a position, never a partial catalog.
package struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    package var file: String
    /// 1-based line and column in the file; line 1, column 1 for problems of the whole file.
    package var line: Int
    package var column: Int
    /// What is wrong and what was expected, lowercase.
    package var problem: String

    package init(file: String, line: Int = 1, column: Int = 1, problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    package var description: String { "\(file):\(line):\(column): \(problem)" }
}
