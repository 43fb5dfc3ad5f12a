/// What a `JSONReader` makes of the values it reads: plain values, or values that keep their positions.
protocol JSONTree {
    associatedtype Value
    associatedtype Members

    /// `null`, a boolean, a number or a string that starts at byte `offset`.
    func scalar(_ value: JSONValue, at offset: Int) -> Value
    func array(_ elements: [Value], at offset: Int) -> Value
    func emptyMembers() -> Members
    /// Adds a member whose name starts at `offset`; false when the name is already there.
    func add(_ name: String, at offset: Int, _ value: Value, to members: inout Members) -> Bool
    func object(_ members: Members, at offset: Int) -> Value
}

/// Why a `JSONReader` stopped: a byte offset that `located(in:)` turns into a line and column.
struct JSONFailure: Error {
    var offset: Int
    var problem: String

    /// The failure with its line and column in `bytes`.
    func located(in bytes: [UInt8]) -> JSONSyntaxError {
        let position = JSONLineTable(bytes).position(of: offset)
        return JSONSyntaxError(line: position.line, column: position.column, problem: problem)
    }
}

/// A strict recursive-descent reader over UTF-8 bytes, building its values with `tree`.
struct JSONReader<Tree: JSONTree> {
    typealias Failure = JSONFailure

    let bytes: UnsafeBufferPointer<UInt8>
    let tree: Tree
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, tree: Tree) {
        self.bytes = bytes
        self.tree = tree
    }

    mutating func document() throws(Failure) -> Tree.Value {
        skipWhitespace()
        let value = try value()
        skipWhitespace()
        guard index == bytes.count else { throw failure("expected the end of the text after the value") }
        return value
    }

    private mutating func value() throws(Failure) -> Tree.Value {
        guard index < bytes.count else { throw failure("expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return tree.scalar(.string(try string()), at: start)
        case UInt8(ascii: "t"): return tree.scalar(try literal("true", .bool(true)), at: start)
        case UInt8(ascii: "f"): return tree.scalar(try literal("false", .bool(false)), at: start)
        case UInt8(ascii: "n"): return tree.scalar(try literal("null", .null), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return tree.scalar(try number(), at: start)
        default: throw failure("expected a value")
        }
    }

    private mutating func object() throws(Failure) -> Tree.Value {
        let start = index
        try enter()
        var members = tree.emptyMembers()
        skipWhitespace()
        if next(is: "}") {
            depth -= 1
            return tree.object(members, at: start)
        }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a member name in double quotes")
            }
            let nameOffset = index
            let name = try string()
            skipWhitespace()
            guard next(is: ":") else { throw failure("expected ':' after the member name") }
            skipWhitespace()
            let value = try value()
            guard tree.add(name, at: nameOffset, value, to: &members) else {
                throw Failure(offset: nameOffset, problem: "duplicate member '\(name)'; give each name once")
            }
            skipWhitespace()
        } while next(is: ",")
        guard next(is: "}") else { throw failure("expected ',' or '}'") }
        depth -= 1
        return tree.object(members, at: start)
    }

    private mutating func array() throws(Failure) -> Tree.Value {
        let start = index
        try enter()
        var elements: [Tree.Value] = []
        skipWhitespace()
        if next(is: "]") {
            depth -= 1
            return tree.array(elements, at: start)
        }
        repeat {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
        } while next(is: ",")
        guard next(is: "]") else { throw failure("expected ',' or ']'") }
        depth -= 1
        return tree.array(elements, at: start)
    }

    /// Steps over the opening bracket of a list or object, one level deeper.
    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= JSONValue.maxDepth else {
            throw failure("nesting deeper than \(JSONValue.maxDepth) lists and objects")
        }
        index += 1
    }

    /// The string literal at `index` (its opening quote), unescaped.
    private mutating func string() throws(Failure) -> String {
        let start = index + 1
        index = start
        // Most strings have no escapes: validate and copy them in one step.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try text(UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw controlCharacter(byte) }
            index += 1
        }
        var unescaped = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let text = try unescaped.withUnsafeBufferPointer { buffer throws(Failure) in try self.text(buffer, at: start) }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &unescaped)
            case ..<0x20:
                throw controlCharacter(byte)
            default:
                unescaped.append(byte)
                index += 1
            }
        }
        throw Failure(offset: start - 1, problem: "the string is not closed; end it with '\"'")
    }

    private func text(_ utf8: UnsafeBufferPointer<UInt8>, at start: Int) throws(Failure) -> String {
        // ASCII is valid UTF-8, and decoding it is the cheapest way to make a String.
        if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw Failure(offset: start, problem: "the string is not valid UTF-8")
        }
        return text
    }

    private func controlCharacter(_ byte: UInt8) -> Failure {
        let hex = String(byte, radix: 16, uppercase: true)
        return Failure(offset: index, problem: "control character U+\(hex.count == 1 ? "000" : "00")\(hex) in a string; "
                       + "write it as an escape such as \\n or \\u0000")
    }

    /// The escape at `index` (its backslash), appended as UTF-8.
    private mutating func escape(into unescaped: inout [UInt8]) throws(Failure) {
        let start = index
        let scalar: Unicode.Scalar
        do throws(JSONEscape.Failure) {
            scalar = try JSONEscape.decode(bytes, at: &index)
        } catch {
            throw switch error {
            case .unfinished: Failure(offset: start, problem: "the string is not closed")
            case .unknown:
                Failure(offset: start, problem: "unknown escape; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits")
            case .hexDigits(let escape): Failure(offset: escape, problem: "\\u needs four hex digits")
            case .unpairedHigh: Failure(offset: start, problem: "a high surrogate escape must be followed by a low one")
            case .notLow(let escape):
                Failure(offset: escape, problem: "expected a low surrogate escape (\\uDC00 to \\uDFFF)")
            case .unpairedLow: Failure(offset: start, problem: "a low surrogate escape must follow a high one")
            }
        }
        UTF8.encode(scalar) { unescaped.append($0) }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        _ = next(is: "-")
        if next(is: "0") {
            guard !atDigit else { throw Failure(offset: start, problem: "a number other than 0 cannot start with 0") }
        } else {
            try digits()
        }
        if next(is: ".") { try digits() }
        if next(is: "e") || next(is: "E") {
            if !next(is: "+") { _ = next(is: "-") }
            try digits()
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
              value.isFinite else {
            throw Failure(offset: start, problem: "the number is out of range")
        }
        return .number(value)
    }

    private mutating func digits() throws(Failure) {
        guard atDigit else { throw failure("expected a digit") }
        while atDigit { index += 1 }
    }

    private var atDigit: Bool {
        index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(
                  UnsafeBufferPointer(start: word.utf8Start, count: count)) else {
            throw failure("expected a value")
        }
        index += count
        return value
    }

    /// Steps over `character` when it is next.
    private mutating func next(is character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        index = bytes.endOfJSONWhitespace(from: index)
    }

    /// A failure at `index`, naming what is found there.
    private func failure(_ expected: String) -> Failure {
        guard index < bytes.count else { return Failure(offset: index, problem: expected + ", found the end of the text") }
        let next = UnsafeBufferPointer(rebasing: bytes[index..<min(index + 4, bytes.count)])
        let found = String(decoding: next, as: UTF8.self).first.map { "\($0.debugDescription.dropFirst().dropLast())" } ?? ""
        return Failure(offset: index, problem: expected + ", found '\(found)'")
    }
}
