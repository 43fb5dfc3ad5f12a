import Foundation
import JSON

/// Turns Foundation's decoding errors into one line that names where the problem is.
enum DecodingErrorText {
    static func describe(_ error: any Error, in json: Data) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let syntax = syntaxError(in: json) {
            return syntax
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(name(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(name(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(detail(context))"
        @unknown default:
            return "\(error)"
        }
    }

    /// Where the JSON text itself is broken, as the JSON reader words it: line, column and what is wrong.
    private static func syntaxError(in json: Data) -> String? {
        do {
            _ = try JSONValue(reading: [UInt8](json))
            return nil
        } catch {
            return error.description
        }
    }

    private static func detail(_ context: DecodingError.Context) -> String {
        let text = context.debugDescription
        if let range = text.range(of: "Cannot initialize "), let type = enumCases(in: text[range.upperBound...]) {
            return "not one of \(type)"
        }
        if let underlying = context.underlyingError {
            let described = "\(underlying)"
            return described.isEmpty ? text : "\(text) (\(described))"
        }
        return text
    }

    /// The allowed values of the enumeration a message names, such as `active, grace_period, …`.
    private static func enumCases(in text: Substring) -> String? {
        let name = text.prefix { $0 != " " }
        let all: [String]
        switch name {
        case "EntitlementState": all = EntitlementState.allCases.map(\.rawValue)
        case "UnknownAccess": all = UnknownAccess.allCases.map(\.rawValue)
        case "ProductType": all = ProductType.allCases.map(\.rawValue)
        default: return nil
        }
        let value = text.range(of: "value ").map { String(text[$0.upperBound...]) } ?? ""
        return all.joined(separator: ", ") + (value.isEmpty ? "" : "; found '\(value)'")
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type: "a number"
        case is [Any].Type: "a list"
        default: "\(type)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "the document" }
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
