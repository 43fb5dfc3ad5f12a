package import Diagnostics
import Foundation
package import JSON
package import TollgateEvaluation

/// An RFC 9457 problem: every error the service answers is one, with a stable `type`.
package struct Problem: Error, Sendable {
    /// The stable kind; the `type` member is `urn:tollgate:problem:<kind>`.
    package var kind: ProblemKind
    package var status: Int
    package var title: String
    package var detail: String
    /// The members some problems add to the five every problem has.
    package var extra: Extra

    package init(_ kind: ProblemKind, status: Int, title: String, detail: String, extra: Extra = Extra()) {
        self.kind = kind
        self.status = status
        self.title = title
        self.detail = detail
        self.extra = extra
    }

    /// The members a problem may add, each written only when set.
    package struct Extra: Sendable {
        /// The methods a route takes, on a 405.
        package var allow: String?
        /// The findings of a publish, in the shape `tollgate validate --format json` writes them.
        package var diagnostics: [Diagnostic]?
        /// The mistakes, where there are several.
        package var errors: [String]?
        /// The app's placements, on an unknown placement.
        package var placements: [String]?
        /// Since when the store does not answer.
        package var since: Timestamp?
        /// Whether the store answers.
        package var store: String?
        /// The customer's balance, when it is too small to spend from.
        package var balance: Int64?

        package init(allow: String? = nil, diagnostics: [Diagnostic]? = nil, errors: [String]? = nil,
                     placements: [String]? = nil, since: Timestamp? = nil, store: String? = nil,
                     balance: Int64? = nil) {
            self.allow = allow
            self.diagnostics = diagnostics
            self.errors = errors
            self.placements = placements
            self.since = since
            self.store = store
            self.balance = balance
        }
    }

    /// The problem as an `application/problem+json` response.
    package func response(path: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/problem+json")],
                     body: JSONBody.encode(Body(problem: self, instance: path)))
    }

    /// The problem's JSON: its five members and the extra ones that are set.
    private struct Body: Encodable {
        var problem: Problem
        var instance: String

        enum CodingKeys: String, CodingKey {
            case type, title, status, detail, instance, allow, diagnostics, errors, placements, since, store, balance
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(problem.kind.type, forKey: .type)
            try container.encode(problem.title, forKey: .title)
            try container.encode(problem.status, forKey: .status)
            try container.encode(problem.detail, forKey: .detail)
            try container.encode(instance, forKey: .instance)
            let extra = problem.extra
            try container.encodeIfPresent(extra.allow, forKey: .allow)
            try container.encodeIfPresent(extra.diagnostics?.map(JSONFormat.Finding.init), forKey: .diagnostics)
            try container.encodeIfPresent(extra.errors, forKey: .errors)
            try container.encodeIfPresent(extra.placements, forKey: .placements)
            try container.encodeIfPresent(extra.since, forKey: .since)
            try container.encodeIfPresent(extra.store, forKey: .store)
            try container.encodeIfPresent(extra.balance, forKey: .balance)
        }
    }

    package static func notFound(_ detail: String) -> Problem {
        Problem(.notFound, status: 404, title: "Not found", detail: detail)
    }

    package static func invalidJSON(_ detail: String) -> Problem {
        Problem(.invalidJSON, status: 400, title: "Malformed JSON", detail: detail)
    }

    package static func invalidInput(_ detail: String, errors: [String] = []) -> Problem {
        Problem(.invalidInput, status: 400, title: "Invalid input", detail: detail,
                extra: Extra(errors: errors.isEmpty ? nil : errors))
    }

    /// 413 for a body over `limit` bytes.
    static func tooLarge(limit: Int = Router.maxBodyBytes) -> Problem {
        Problem(.bodyTooLarge, status: 413, title: "Request body too large",
                detail: "the body is over the limit of \(limit / 1024) KiB")
    }

    static func unsupportedMediaType(_ type: String) -> Problem {
        Problem(.unsupportedMediaType, status: 415, title: "Unsupported media type",
                detail: "send the body as application/json, not \(type)")
    }
}

/// JSON encoding and decoding for handlers, with positions in decoding errors.
package enum JSONBody {
    /// An `Encodable` value as JSON with sorted keys.
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { [UInt8]($0) } ?? Array("{}".utf8)
    }

    /// The JSON `write` writes.
    package static func write(capacity: Int = 256, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        write(&writer)
        return writer.bytes
    }

    /// A JSON response.
    package static func response(_ body: [UInt8], status: Int = 200, headers: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        HTTPResponse(status: status, headers: headers.isEmpty ? jsonHeaders : jsonHeaders + headers, body: body)
    }

    private static let jsonHeaders = [(name: "Content-Type", value: "application/json")]

    /// Parses a JSON object; a malformed body names the line and column of the mistake.
    package static func object(_ bytes: [UInt8]) throws(Problem) -> [String: JSONValue] {
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
