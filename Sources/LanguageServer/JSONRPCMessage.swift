package import JSON

/// A request's id: a number or a string, echoed in its response.
package enum JSONRPCID: Hashable, Sendable {
    case number(Int)
    case string(String)

    package var json: JSONValue {
        switch self {
        case .number(let number): .number(Double(number))
        case .string(let text): .string(text)
        }
    }
}

/// A JSON-RPC error as a response carries it.
package struct JSONRPCError: Error, Hashable, Sendable {
    package var code: Int
    package var message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    package static let parseError = -32700
    package static let invalidRequest = -32600
    package static let methodNotFound = -32601
    package static let invalidParams = -32602
    package static let serverNotInitialized = -32002

    package static func invalidParams(_ message: String) -> JSONRPCError {
        JSONRPCError(code: invalidParams, message: message)
    }
}

/// One message from the client, as read from a frame's body.
package enum JSONRPCMessage: Hashable, Sendable {
    case request(id: JSONRPCID, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    /// A response to a request of the server's; the server sends none, so these are ignored.
    case response

    /// Reads a message, or the error to answer it with and the id to answer (nil when the id is unknown).
    package static func parse(_ body: [UInt8]) -> Result<JSONRPCMessage, Refusal> {
        let value: JSONValue
        do {
            value = try JSONValue(reading: body)
        } catch {
            return .failure(Refusal(id: nil, error: JSONRPCError(code: JSONRPCError.parseError,
                                                                 message: "parse error: \(error)")))
        }
        guard case .object(let members) = value else {
            let message = value.kind == "a list"
                ? "invalid request: batches are not part of LSP; send one message per frame"
                : "invalid request: a message is an object, not \(value.kind)"
            return .failure(Refusal(id: nil, error: JSONRPCError(code: JSONRPCError.invalidRequest, message: message)))
        }
        let id: JSONRPCID?
        switch members["id"] {
        case nil, .null?: id = nil
        case .string(let text)?: id = .string(text)
        case let other?:
            guard let whole = other.integer else {
                return .failure(invalid(nil, "the id must be an integer or a string, not \(other.kind)"))
            }
            id = .number(whole)
        }
        guard members["jsonrpc"] == .string("2.0") else {
            return .failure(invalid(id, "'jsonrpc' must be \"2.0\""))
        }
        guard let methodValue = members["method"] else {
            if members["result"] != nil || members["error"] != nil { return .success(.response) }
            return .failure(invalid(id, "the message has no method"))
        }
        guard case .string(let method) = methodValue else {
            return .failure(invalid(id, "'method' must be a string, not \(methodValue.kind)"))
        }
        let params = members["params"] ?? .null
        switch params {
        case .null, .object, .array: break
        default: return .failure(invalid(id, "'params' must be an object or a list, not \(params.kind)"))
        }
        if let id { return .success(.request(id: id, method: method, params: params)) }
        return .success(.notification(method: method, params: params))
    }

    /// A message that cannot be handled: the error, and the id to answer when there was one.
    package struct Refusal: Error, Hashable, Sendable {
        package var id: JSONRPCID?
        package var error: JSONRPCError
    }

    private static func invalid(_ id: JSONRPCID?, _ message: String) -> Refusal {
        Refusal(id: id, error: JSONRPCError(code: JSONRPCError.invalidRequest, message: "invalid request: \(message)"))
    }
}

/// The messages the server sends.
package enum JSONRPCOutgoing {
    package static func result(_ id: JSONRPCID, _ result: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id.json, "result": result])
    }

    /// An error response; `id` is null when the request's id could not be read.
    package static func error(_ id: JSONRPCID?, _ error: JSONRPCError) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id?.json ?? .null,
                 "error": .object(["code": .number(Double(error.code)), "message": .string(error.message)])])
    }

    package static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }
}
