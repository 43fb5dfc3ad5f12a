/// What is being typed inside the innermost open `{` of a MessageFormat text that ends at the cursor: a
/// variable name, or a category of a `plural` (or `selectordinal`) argument. Quoting with apostrophes is not
/// read: a quoted brace counts as a brace.
enum MessageArgumentContext: Equatable {
    case variable
    case pluralCategory

    init?(_ text: String) {
        // The text of each open argument at its own level: nested arguments are left out once closed.
        var open: [[Unicode.Scalar]] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "{": open.append([])
            case "}": _ = open.popLast()
            default:
                if !open.isEmpty { open[open.count - 1].append(scalar) }
            }
        }
        guard let argument = open.last else { return nil }
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { part in
            String(String.UnicodeScalarView(part)).trimmingSpaces
        }
        if parts.count == 1 {
            guard parts[0].unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic
                || ("0"..."9").contains($0) }) else { return nil }
            self = .variable
        } else if parts.count >= 3, parts[1] == "plural" || parts[1] == "selectordinal" {
            self = .pluralCategory
        } else {
            return nil
        }
    }
}

extension String {
    /// The text without spaces, tabs and line breaks at either end.
    var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }
}
