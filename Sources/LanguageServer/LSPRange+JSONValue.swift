package import JSON

extension LSPPosition {
    /// The LSP `Position` object.
    package var jsonValue: JSONValue {
        .object(["line": .number(Double(line)), "character": .number(Double(character))])
    }
}

extension LSPRange {
    /// The LSP `Range` object.
    package var jsonValue: JSONValue {
        .object(["start": start.jsonValue, "end": end.jsonValue])
    }
}
