package import TollgateEvaluation

extension JSONValue {
    /// The value as compact JSON, objects with sorted keys, written by `JSONWriter`; a whole number within ±2⁵³
    /// is written without a fraction (`3`, not `3.0`), as LSP's integers must be.
    package var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        write(into: &writer)
        return writer.bytes
    }

    private func write(into writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let flag): writer.bool(flag)
        case .number(let number):
            if let whole = integer { writer.integer(whole) } else if number.isFinite { writer.number(number) } else {
                writer.null()
            }
        case .string(let text): writer.string(text)
        case .array(let elements): writer.array(elements) { $1.write(into: &$0) }
        case .object(let members): writer.object(members) { $1.write(into: &$0) }
        }
    }
}
