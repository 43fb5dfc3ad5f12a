import Foundation
import JSON
import LanguageServer
import PolicyValidation
import Project
import TollgateEvaluation

/// A language server driven in memory, as an editor would drive it, with the messages it sent kept in order.
struct LSPSession {
    var server: LanguageServer
    let folder: String
    var sent: [JSONValue] = []
    private var nextID = 1

    /// A server for `folder` with validate's validator and the feature handlers `tollgate lsp` has; initialized
    /// (and told so) unless `initialize` is false.
    init(folder: String, initialize: Bool = true,
         handlers: [String: LanguageServer.RequestHandler] = FeatureHandlers.all) {
        self.folder = folder
        server = LanguageServer(validator: .withICU, currentDirectory: "/nonexistent", version: "1",
                                handlers: handlers)
        if initialize {
            request("initialize", ["rootUri": .string(DocumentURI.uri(ofPath: folder)), "capabilities": .object([:])])
            notify("initialized", [:])
        }
    }

    /// Sends a frame body as is and gives what the server answered.
    @discardableResult
    mutating func send(_ body: [UInt8]) -> [JSONValue] {
        let answers = server.handle(body: body)
        sent += answers
        return answers
    }

    /// Sends a request and gives its response.
    @discardableResult
    mutating func request(_ method: String, _ params: [String: JSONValue]? = nil) -> JSONValue? {
        nextID += 1
        var message: [String: JSONValue] = ["jsonrpc": .string("2.0"), "id": .number(Double(nextID)),
                                            "method": .string(method)]
        if let params { message["params"] = .object(params) }
        return send(JSONValue.object(message).jsonBytes).last { $0[member: "id"] == .number(Double(nextID)) }
    }

    mutating func notify(_ method: String, _ params: [String: JSONValue]) {
        send(JSONValue.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": .object(params)]).jsonBytes)
    }

    func uri(_ path: String) -> String { DocumentURI.uri(ofPath: "\(folder)/\(path)") }

    mutating func open(_ path: String, text: String) {
        notify("textDocument/didOpen", ["textDocument": .object([
            "uri": .string(uri(path)), "languageId": .string("yaml"), "version": .number(1), "text": .string(text),
        ])])
    }

    mutating func change(_ path: String, text: String, version: Int = 2) {
        notify("textDocument/didChange", [
            "textDocument": .object(["uri": .string(uri(path)), "version": .number(Double(version))]),
            "contentChanges": .array([.object(["text": .string(text)])]),
        ])
    }

    /// Computes the diagnostics due and gives their notifications.
    @discardableResult
    mutating func flush() -> [JSONValue] {
        let published = server.performDueWork()
        sent += published
        return published
    }

    /// The last diagnostics published for each URI.
    var diagnostics: [String: [JSONValue]] {
        var latest: [String: [JSONValue]] = [:]
        for message in sent where message[member: "method"] == .string("textDocument/publishDiagnostics") {
            if let uri = message[member: "params"]?[member: "uri"]?.string {
                latest[uri] = message[member: "params"]?[member: "diagnostics"]?.elements ?? []
            }
        }
        return latest
    }
}

extension JSONValue {
    /// The error code of a response; nil for a result.
    var errorCode: Int? { self[member: "error"]?[member: "code"]?.integer }
}

/// A frame body from text.
func body(_ text: String) -> [UInt8] { Array(text.utf8) }
