import Diagnostics

/// The YAML around a cursor, read from the text alone so that it works while the file does not load: the
/// keys of the enclosing lines (those above with less indentation, outermost first) and the last `key:` before
/// the cursor on its line. Flow collections on one line are read by their last key (`{ title: T, includes: [`
/// is under `includes`); a flow list continued on the next lines is under the key of the line it started on.
struct CompletionContext {
    let position: SourcePosition
    /// The document's lines, without line breaks.
    private let lines: [[Unicode.Scalar]]
    /// The cursor's line up to the cursor.
    private let prefix: [Unicode.Scalar]
    /// The keys of the enclosing lines, outermost first.
    let chain: [String]
    /// The last `key:` before the cursor on its line; nil when the cursor is on a key or a list item.
    let key: String?
    /// Where the value of `key` starts in `prefix`.
    private let valueStart: Int

    init(text: String, at position: SourcePosition) {
        self.position = position
        lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            Array(line.last == "\r" ? line.dropLast() : line)
        }
        let index = min(max(position.line - 1, 0), lines.count - 1)
        let line = lines[index]
        prefix = Array(line.prefix(max(position.column - 1, 0)))
        (key, valueStart) = Self.lastKey(in: prefix)
        var chain: [String] = []
        var threshold = Self.indentation(of: line).dash
        for above in lines[..<index].reversed() where threshold > 0 {
            let indentation = Self.indentation(of: above)
            guard indentation.content < above.count, above[indentation.content] != "#",
                  indentation.content < threshold else { continue }
            if let key = Self.leadingKey(of: above, from: indentation.content) { chain.insert(key, at: 0) }
            threshold = indentation.dash
        }
        self.chain = chain
    }

    /// The kind of id a policy expects here.
    var policyKind: IdentifierKind? {
        let key = self.key ?? chain.last
        let parents = self.key == nil ? chain.dropLast() : chain[...]
        switch key {
        case "grants", "includes": return .tier
        case "tier" where parents.first == "features": return .tier
        case "products" where parents.first == "paywalls": return .product
        case "highlight" where parents.first == "paywalls": return .product
        case "levels": return .product
        case "group" where parents.first == "products": return .group
        case "paywall": return .paywall
        case "experiment" where parents.first == "placements": return .experiment
        default: return nil
        }
    }

    /// The kind of id a template file expects here: the keys of its `tiers`, `features`, `products` and
    /// `paywalls` sections.
    var templateKind: IdentifierKind? {
        guard key == nil, chain.count == 1 else { return nil }
        switch chain[0] {
        case "tiers": return .tier
        case "features": return .feature
        case "products": return .product
        case "paywalls": return .paywall
        default: return nil
        }
    }

    /// The span of the id or name already typed before the cursor.
    func typedSpan(file: String) -> SourceSpan {
        let typed = prefix.reversed().prefix { !Self.separators.contains($0) && !$0.properties.isWhitespace }.count
        return SourceSpan(file: file, start: SourcePosition(line: position.line, column: position.column - typed),
                          end: position)
    }

    /// The text from `start` to the cursor; without a start, the value of the line's key up to the cursor (the
    /// whole line before it when it has no key).
    func text(from start: SourcePosition?) -> String {
        var scalars = String.UnicodeScalarView()
        if let start, start.line >= 1, start.column >= 1, start.line <= position.line, position.line <= lines.count {
            for number in start.line..<position.line {
                scalars.append(contentsOf: lines[number - 1].dropFirst(number == start.line ? start.column - 1 : 0))
                scalars.append("\n")
            }
            scalars.append(contentsOf: prefix.dropFirst(start.line == position.line ? start.column - 1 : 0))
        } else {
            scalars.append(contentsOf: prefix[valueStart...])
        }
        return String(scalars)
    }

    /// Characters that end an id in YAML flow text.
    private static let separators: Set<Unicode.Scalar> = ["{", "}", "[", "]", ",", "'", "\"", ":", "#"]

    /// Where a line's list dash (or content, for a line without one) and its content start.
    private static func indentation(of line: [Unicode.Scalar]) -> (dash: Int, content: Int) {
        let dash = line.prefix { $0 == " " }.count
        var content = dash
        while content + 1 < line.count, line[content] == "-", line[content + 1] == " " {
            content += 1
            while content < line.count, line[content] == " " { content += 1 }
        }
        return (dash, content)
    }

    /// The key a line starts with at `content` (`key:` followed by a space or the end of the line).
    private static func leadingKey(of line: [Unicode.Scalar], from content: Int) -> String? {
        let run = line[content...].prefix { !separators.contains($0) && !$0.properties.isWhitespace }
        let end = content + run.count
        guard !run.isEmpty, end < line.count, line[end] == ":",
              end + 1 == line.count || line[end + 1] == " " else { return nil }
        return String(String.UnicodeScalarView(run))
    }

    /// The last `key:` of `prefix` and where its value starts; nil and 0 when there is none.
    private static func lastKey(in prefix: [Unicode.Scalar]) -> (String?, Int) {
        var found: (String?, Int) = (nil, 0)
        for index in prefix.indices where prefix[index] == ":" {
            guard index + 1 == prefix.count || prefix[index + 1] == " " else { continue }
            let run = prefix[..<index].reversed().prefix { !separators.contains($0) && !$0.properties.isWhitespace }
            if !run.isEmpty { found = (String(String.UnicodeScalarView(run.reversed())), index + 1) }
        }
        return found
    }
}
