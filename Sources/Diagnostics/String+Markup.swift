extension Unicode.Scalar {
    /// The character reference HTML and XML write this scalar as: `&`, `<`, `>`, `"` and `'` have one.
    package var markupEntity: String? {
        switch self {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&apos;"
        default: nil
        }
    }
}

extension String {
    /// The text with markup characters as character references, for HTML text and attribute values.
    package var markupEscaped: String {
        var out = ""
        for scalar in unicodeScalars {
            if let entity = scalar.markupEntity {
                out += entity
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text as literal Markdown inline content that is also safe in a table cell: markup characters
    /// backslash-escaped, HTML characters as entities, and line breaks as `<br>`.
    package var markdownInline: String {
        var out = ""
        for character in self {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "~", "|": out += "\\\(character)"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case _ where character.isNewline: out += "<br>"
            default: out.append(character)
            }
        }
        return out
    }
}
