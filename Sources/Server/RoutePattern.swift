/// A route's path pattern, such as `/v1/apps/{app}/bundle`: literal segments and `{name}` parameters, split once.
///
/// A path matches when it has as many segments (empty ones skipped, as in `//v1/apps/`) and each literal is the
/// same text. An ASCII path, the usual kind, is matched on its bytes without making a string unless it matches;
/// any other is split into `Character`s and compared as strings, as `String` equality has it.
package struct RoutePattern: Sendable {
    private enum Segment: Sendable {
        case literal(String, utf8: [UInt8])
        case parameter(String)
    }

    private let segments: [Segment]

    package init(_ pattern: String) {
        segments = pattern.split(separator: "/").map { part in
            part.first == "{"
                ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part), utf8: Array(part.utf8))
        }
    }

    /// The `{name}` values of `path`, or nil when it does not match.
    package func match(_ path: String) -> [String: String]? {
        var path = path
        let ascii = path.withUTF8 { bytes -> [String: String]?? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return .none }
            return .some(matchASCII(bytes))
        }
        if let ascii { return ascii }
        return match(path.split(separator: "/"))
    }

    /// The `{name}` values of `path`'s segments split as strings, or nil when they do not match.
    private func match(_ parts: [Substring]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .parameter(let name): parameters[name] = String(part)
            case .literal(let text, _): if text != part { return nil }
            }
        }
        return parameters
    }

    /// `match(_:)` of an ASCII path: checked first without allocating, then its values taken.
    private func matchASCII(_ path: UnsafeBufferPointer<UInt8>) -> [String: String]? {
        var ranges = PathSegments(path)
        for segment in segments {
            guard let range = ranges.next() else { return nil }
            // An ASCII segment equals only the string of its own bytes.
            if case .literal(_, let utf8) = segment, !utf8.elementsEqual(path[range]) { return nil }
        }
        guard ranges.next() == nil else { return nil }
        var parameters: [String: String] = [:]
        ranges = PathSegments(path)
        for segment in segments {
            guard let range = ranges.next() else { break }
            if case .parameter(let name) = segment {
                parameters[name] = String(decoding: UnsafeBufferPointer(rebasing: path[range]), as: UTF8.self)
            }
        }
        return parameters
    }
}

/// The byte ranges of a path's non-empty `/`-separated segments, in order.
private struct PathSegments {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func next() -> Range<Int>? {
        while index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        guard index < bytes.count else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "/") { index += 1 }
        return start..<index
    }
}
