extension JSONValue {
    /// The value as compact JSON, objects with sorted keys, written by `JSONWriter.value(_:)`.
    package var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }
}

extension JSONWriter {
    /// A value, its objects' keys sorted in the format's order; a whole number within ±2⁵³ is written without a
    /// fraction (`3`, not `3.0`), as LSP's integers and Xcode's numbers are, and a number that is not finite as
    /// `null`.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number):
            if let whole = value.integer {
                integer(whole)
            } else if number.isFinite {
                self.number(number)
            } else {
                null()
            }
        case .string(let text): string(text)
        case .array(let elements): array(elements) { $0.value($1) }
        case .object(let members): object(members) { $0.value($1) }
        }
    }
}
