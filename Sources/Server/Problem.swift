import Foundation
import JSON

/// An RFC 9457 problem: every error the service answers is one, with a stable `type`.
package struct Problem: Error, Sendable {
    /// The stable kind, such as `invalid-json`; the `type` member is `urn:tollgate:problem:<kind>`.
    package var kind: String
    package var status: Int
    package var title: String
    package var detail: String
    /// More members, such as `allow` or `errors`; a `JSONValue` is written as the JSON it holds.
    package var extra: [String: any Sendable] = [:]

    package init(_ kind: String, status: Int, title: String, detail: String, extra: [String: any Sendable] = [:]) {
        self.kind = kind
        self.status = status
        self.title = title
        self.detail = detail
        self.extra = extra
    }

    /// The problem as an `application/problem+json` response.
    package func response(path: String) -> HTTPResponse {
        var object: [String: Any] = ["type": "urn:tollgate:problem:\(kind)", "title": title, "status": status,
                                     "detail": detail, "instance": path]
        for (key, value) in extra { object[key] = (value as? JSONValue).map(Self.foundationObject) ?? value }
        return HTTPResponse(status: status, headers: [("Content-Type", "application/problem+json")],
                            body: JSONBody.encode(object))
    }

    /// A JSON value as `JSONSerialization` writes it.
    private static func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let bool): bool
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? Int(number) : number
        case .string(let text): text
        case .array(let elements): elements.map(foundationObject)
        case .object(let members): members.mapValues(foundationObject)
        }
    }

    static func notFound(_ detail: String) -> Problem {
        Problem("not-found", status: 404, title: "Not found", detail: detail)
    }

    static func invalidJSON(_ detail: String) -> Problem {
        Problem("invalid-json", status: 400, title: "Malformed JSON", detail: detail)
    }

    static func invalidInput(_ detail: String, errors: [String] = []) -> Problem {
        Problem("invalid-input", status: 400, title: "Invalid input", detail: detail,
                extra: errors.isEmpty ? [:] : ["errors": errors])
    }

    static let tooLarge = Problem("body-too-large", status: 413, title: "Request body too large",
                                  detail: "the body is over the limit of \(Router.maxBodyBytes / 1024) KiB")

    static func unsupportedMediaType(_ type: String) -> Problem {
        Problem("unsupported-media-type", status: 415, title: "Unsupported media type",
                detail: "send the body as application/json, not \(type)")
    }
}

/// JSON encoding and decoding for handlers, with positions in decoding errors.
enum JSONBody {
    /// `object` as JSON with sorted keys; JSON objects built from strings, numbers, booleans, arrays and
    /// dictionaries always encode.
    static func encode(_ object: Any) -> [UInt8] {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return [UInt8](data)
    }

    /// An `Encodable` value as JSON with sorted keys.
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { [UInt8]($0) } ?? Array("{}".utf8)
    }

    /// A JSON response.
    static func response(_ body: [UInt8], status: Int = 200, headers: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        HTTPResponse(status: status, headers: headers.isEmpty ? jsonHeaders : jsonHeaders + headers, body: body)
    }

    private static let jsonHeaders = [(name: "Content-Type", value: "application/json")]

    /// Parses a JSON object; a malformed body names the line and column of the mistake.
    static func object(_ bytes: [UInt8]) throws(Problem) -> [String: JSONValue] {
        guard !bytes.isEmpty else { throw Problem.invalidJSON("the body is empty; send a JSON object") }
        let value: JSONValue
        do {
            value = try JSONValue(reading: bytes)
        } catch {
            throw Problem.invalidJSON(error.description)
        }
        guard case .object(let members) = value else {
            throw Problem.invalidJSON("the body must be a JSON object, not \(value.kind)")
        }
        return members
    }
}
