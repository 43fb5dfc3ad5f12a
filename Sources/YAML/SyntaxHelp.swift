import Diagnostics

/// Finds tabs used as indentation, which libyaml reports only as a generic token error.
enum TabCheck {
    /// The position of the first tab in the leading white space of a line, up to `lastLine`.
    static func firstIndentationTab(in bytes: [UInt8], upTo lastLine: Int) -> SourcePosition? {
        var line = 1
        var column = 1
        var leading = true
        for byte in bytes {
            if line > lastLine { return nil }
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                column = 1
                leading = true
                continue
            case UInt8(ascii: "\t") where leading:
                return SourcePosition(line: line, column: column)
            case UInt8(ascii: " "):
                break
            default:
                leading = false
            }
            if byte & 0xC0 != 0x80 { column += 1 }
        }
        return nil
    }
}

/// A hint for libyaml's most common problems, phrased for people who edit YAML by hand.
enum SyntaxHelp {
    static func hint(for problem: String) -> String? {
        switch problem {
        case "could not find expected ':'":
            "a key needs ':' after it; check this line and the one above for a missing colon"
        case "mapping values are not allowed in this context":
            "quote a value that contains ': ', or check the indentation of this line"
        case "did not find expected key", "did not find expected '-' indicator":
            "check this line's indentation against the lines above it"
        case "found character that cannot start any token":
            "quote a value that starts with '@', '`' or '%'"
        case "found unexpected end of stream":
            "close the quote or bracket that is still open"
        case "did not find expected ',' or ']'", "did not find expected ',' or '}'":
            "close the flow collection or separate its items with ', '"
        default:
            nil
        }
    }
}
