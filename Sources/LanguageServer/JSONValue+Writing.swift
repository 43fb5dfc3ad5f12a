package import TollgateEvaluation

extension JSONValue {
    /// The value as compact JSON, objects with sorted keys, scalars and strings written by `JSONWriter`; a whole
    /// number within ±2⁵³ is written without a fraction (`3`, not `3.0`), as LSP's integers must be.
    package var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        write(into: &bytes)
        return bytes
    }

    private func write(into bytes: inout [UInt8]) {
        var writer = JSONWriter(capacity: 16)
        switch self {
        case .null: writer.null()
        case .bool(let flag): writer.bool(flag)
        case .number(let number) where number.rounded() == number && abs(number) <= 9_007_199_254_740_992:
            writer.integer(Int64(number))
        case .number(let number): if number.isFinite { writer.number(number) } else { writer.null() }
        case .string(let text): writer.string(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                element.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
            return
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                var name = JSONWriter(capacity: member.key.utf8.count + 2)
                name.string(member.key)
                bytes += name.bytes
                bytes.append(UInt8(ascii: ":"))
                member.value.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
            return
        }
        bytes += writer.bytes
    }
}
