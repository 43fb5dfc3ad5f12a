package import Diagnostics
package import JSON
package import PolicyModel

/// A catalog file read as JSON with positions, and the typed accessors the readers share: each either gives a
/// located value or throws one `CatalogError` that names the member, what it should be, and where it is.
package struct CatalogDocument: Sendable {
    package let file: String
    package let root: JSONNode
    private let fileID: SourceFileID
    private let lines: JSONLineTable

    /// Reads `bytes` with the project's strict JSON reader; bad JSON is an error at its line and column.
    package init(file: String, bytes: [UInt8]) throws(CatalogError) {
        self.file = file
        do {
            root = try JSONNode(reading: bytes)
        } catch {
            throw .notJSON(CatalogError.Location(file: file, line: error.line, column: error.column),
                           problem: "not valid JSON: \(error.problem)")
        }
        fileID = SourceFileID(file)
        lines = JSONLineTable(bytes)
    }

    /// Where `node` starts, as a span of the file.
    package func span(_ node: JSONNode) -> SourceSpan {
        span(offset: node.offset)
    }

    /// Where byte `offset` is, as a span of the file.
    package func span(offset: Int) -> SourceSpan {
        let (line, column) = lines.position(of: offset)
        let position = SourcePosition(line: line, column: column)
        return SourceSpan(fileID: fileID, start: position, end: position)
    }

    /// An error of `kind` (an invalid value unless told) at `node`.
    package func error(_ problem: String, at node: JSONNode,
                       as kind: (CatalogError.Location, String) -> CatalogError = CatalogError.invalidValue)
        -> CatalogError {
        let (line, column) = lines.position(of: node.offset)
        return kind(CatalogError.Location(file: file, line: line, column: column), problem)
    }

    /// An error of `kind` (an invalid value unless told) at `span`.
    package func error(_ problem: String, at span: SourceSpan,
                       as kind: (CatalogError.Location, String) -> CatalogError = CatalogError.invalidValue)
        -> CatalogError {
        kind(CatalogError.Location(file: file, line: span.start.line, column: span.start.column), problem)
    }

    /// `node` as an object, or an error naming `what`.
    package func object(_ node: JSONNode, _ what: @autoclosure () -> String) throws(CatalogError) -> JSONNode {
        guard node.members != nil else { throw error("\(what()) must be an object, found \(node.kindName)", at: node) }
        return node
    }

    /// The elements of the list `name` in `object`; an absent or null member is an empty list.
    package func list(_ object: JSONNode, _ name: String, in what: @autoclosure () -> String) throws(CatalogError)
        -> [JSONNode] {
        guard let node = object[name], !node.isNull else { return [] }
        guard let elements = node.elements else {
            throw error("'\(name)' of \(what()) must be a list, found \(node.kindName)", at: node)
        }
        return elements
    }

    /// The string member `name` of `object`; nil when absent or null.
    package func optionalString(_ object: JSONNode, _ name: String, in what: @autoclosure () -> String)
        throws(CatalogError) -> Located<String>? {
        guard let node = object[name], !node.isNull else { return nil }
        guard let text = node.string else {
            throw error("'\(name)' of \(what()) must be a string, found \(node.kindName)", at: node)
        }
        return Located(text, at: span(node))
    }

    /// The string member `name` of `object`, which must be there.
    package func string(_ object: JSONNode, _ name: String, in what: @autoclosure () -> String)
        throws(CatalogError) -> Located<String> {
        guard let text = try optionalString(object, name, in: what()) else {
            throw error("\(what()) has no '\(name)'; expected a string there", at: object, as: CatalogError.missingMember)
        }
        return text
    }

    /// The whole-number member `name` of `object`; nil when absent or null.
    package func optionalInt(_ object: JSONNode, _ name: String, in what: @autoclosure () -> String)
        throws(CatalogError) -> Located<Int>? {
        guard let node = object[name], !node.isNull else { return nil }
        guard let number = node.number, let whole = Int(exactly: number) else {
            throw error("'\(name)' of \(what()) must be a whole number, found \(node.kindName)", at: node)
        }
        return Located(whole, at: span(node))
    }

    /// The member `name` of `object` as one of `E`'s cases, spelt as `spellings` maps them.
    package func value<E: Hashable & Sendable>(_ object: JSONNode, _ name: String, in what: @autoclosure () -> String,
                                               _ spellings: KeyValuePairs<String, E>) throws(CatalogError)
        -> Located<E> {
        let text = try string(object, name, in: what())
        guard let value = spellings.first(where: { $0.key == text.value })?.value else {
            let allowed = spellings.map { "'\($0.key)'" }.joined(separator: ", ")
            throw error("'\(name)' of \(what()) must be one of \(allowed); found '\(text.value)'", at: text.span)
        }
        return Located(value, at: text.span)
    }
}
