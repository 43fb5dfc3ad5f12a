/// Why a catalog file could not be read: one clear error with a position, never a partial catalog.
///
/// Each case is a kind of problem a caller can tell apart; every case says where it is and, lowercase, what is
/// wrong and what was expected.
package enum CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not JSON.
    case notJSON(Location, problem: String)
    /// The file is JSON but no store catalog tollgate reads: another shape, an API error response, other resources.
    case notACatalog(Location, problem: String)
    /// A member the catalog needs is not there.
    case missingMember(Location, problem: String)
    /// A member has the wrong JSON type, or a value the store never writes there.
    case invalidValue(Location, problem: String)
    /// The file holds part of a response: subscriptions a group links to but the file does not include.
    case incomplete(Location, problem: String)
    /// The file contradicts itself: a product listed twice, two apps or two kinds of resource in one file.
    case inconsistent(Location, problem: String)

    /// A place in a catalog file: 1-based line and column; line 1, column 1 for problems of the whole file.
    package struct Location: Hashable, Sendable {
        package var file: String
        package var line: Int
        package var column: Int

        package init(file: String, line: Int = 1, column: Int = 1) {
            self.file = file
            self.line = line
            self.column = column
        }
    }

    package var location: Location {
        switch self {
        case .notJSON(let location, _), .notACatalog(let location, _), .missingMember(let location, _),
             .invalidValue(let location, _), .incomplete(let location, _), .inconsistent(let location, _):
            location
        }
    }

    /// What is wrong and what was expected, lowercase.
    package var problem: String {
        switch self {
        case .notJSON(_, let problem), .notACatalog(_, let problem), .missingMember(_, let problem),
             .invalidValue(_, let problem), .incomplete(_, let problem), .inconsistent(_, let problem):
            problem
        }
    }

    package var file: String { location.file }
    package var line: Int { location.line }
    package var column: Int { location.column }

    package var description: String { "\(file):\(line):\(column): \(problem)" }
}
