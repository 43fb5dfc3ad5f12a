import Foundation

extension JSONEncoder {
    /// Encodes a report document as pretty-printed JSON with sorted keys and a final newline.
    package static func report(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
        } catch {
            // Report documents hold only strings, integers, arrays and structs, which always encode.
            preconditionFailure("cannot encode a report: \(error)")
        }
    }
}
