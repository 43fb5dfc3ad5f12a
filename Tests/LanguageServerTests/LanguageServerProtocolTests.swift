import Foundation
import JSON
import LanguageServer
import PolicyValidation
import TestSupport
import Testing
import Project
import TollgateEvaluation

/// JSON-RPC and the LSP lifecycle: every malformed or untimely message gets its error or is ignored, and the
/// server answers the next valid request.
@Suite struct LanguageServerProtocolTests {
    static let root = Fixtures.repositoryRoot().path

    /// Whether the server still answers: a request it does not know gets -32601.
    static func answers(_ session: inout LSPSession) -> Bool {
        session.request("tollgate/unknown", [:])?.errorCode == JSONRPCError.methodNotFound
    }

    @Test func initializeGivesTheCapabilities() throws {
        var session = LSPSession(folder: Self.root, initialize: false)
        let answer = session.request("initialize", ["rootUri": .null, "rootPath": .string(Self.root)])
        let response = try #require(answer)
        let capabilities = try #require(response[member: "result"]?[member: "capabilities"])
        #expect(capabilities[member: "positionEncoding"] == .string("utf-16"))
        #expect(capabilities[member: "textDocumentSync"]?[member: "change"] == .number(1))
        #expect(capabilities[member: "textDocumentSync"]?[member: "openClose"] == .bool(true))
        #expect(capabilities[member: "hoverProvider"] == .bool(true))
        #expect(capabilities[member: "definitionProvider"] == .bool(true))
        #expect(capabilities[member: "completionProvider"]?[member: "triggerCharacters"]
            == .array(["{", "[", " ", ":"].map(JSONValue.string)))
        #expect(capabilities[member: "codeActionProvider"]?[member: "codeActionKinds"] == .array([.string("quickfix")]))
        #expect(response[member: "result"]?[member: "serverInfo"]?[member: "name"] == .string("tollgate"))
        #expect(session.server.workspace.folder == Self.root)
        #expect(session.request("initialize", [:])?.errorCode == JSONRPCError.invalidRequest)
    }

    @Test(arguments: [
        ["rootUri": JSONValue.string("file:///tmp/a%20b/")],
        ["workspaceFolders": .array([.object(["uri": .string("file:///tmp/a%20b"), "name": .string("x")])])],
        ["rootUri": .null, "rootPath": .string("/tmp/a b")],
    ])
    func theFolderComesFromTheClient(params: [String: JSONValue]) {
        var session = LSPSession(folder: "/unused", initialize: false)
        session.request("initialize", params)
        #expect(session.server.workspace.folder == "/tmp/a b")
    }

    @Test func withoutAFolderTheCurrentDirectoryIsTheWorkspace() {
        var server = LanguageServer(validator: .withICU, currentDirectory: "/srv/project", version: "1")
        _ = server.handle(body: body(#"{"jsonrpc":"2.0","id":"a","method":"initialize","params":{}}"#))
        #expect(server.workspace.folder == "/srv/project")
    }

    @Test func requestsBeforeInitializeAreRefusedAndNotificationsIgnored() {
        var session = LSPSession(folder: Self.root, initialize: false)
        #expect(session.request("textDocument/hover", [:])?.errorCode == JSONRPCError.serverNotInitialized)
        #expect(session.request("shutdown")?.errorCode == JSONRPCError.serverNotInitialized)
        session.open("Policies/photocollage.yaml", text: "x: [")
        #expect(session.flush().isEmpty)
        #expect(session.request("initialize", ["rootUri": .string(DocumentURI.uri(ofPath: Self.root))])?[member: "result"] != nil)
    }

    @Test(arguments: [
        ("{", JSONRPCError.parseError),
        ("\u{0}\u{1}\u{FF}junk", JSONRPCError.parseError),
        ("[]", JSONRPCError.invalidRequest),
        (#"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#, JSONRPCError.invalidRequest),
        ("42", JSONRPCError.invalidRequest),
        (#""text""#, JSONRPCError.invalidRequest),
        ("null", JSONRPCError.invalidRequest),
        (#"{"jsonrpc":"1.0","id":1,"method":"shutdown"}"#, JSONRPCError.invalidRequest),
        (#"{"jsonrpc":"2.0","id":1}"#, JSONRPCError.invalidRequest),
        (#"{"jsonrpc":"2.0","id":1,"method":7}"#, JSONRPCError.invalidRequest),
        (#"{"jsonrpc":"2.0","id":{},"method":"shutdown"}"#, JSONRPCError.invalidRequest),
        (#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":3}"#, JSONRPCError.invalidRequest),
        (#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":[]}"#, JSONRPCError.invalidParams),
        (#"{"jsonrpc":"2.0","id":1,"method":"no/such"}"#, JSONRPCError.methodNotFound),
    ])
    func malformedMessagesGetTheirError(text: String, code: Int) {
        var session = LSPSession(folder: Self.root)
        let answers = session.send(body(text))
        #expect(answers.count == 1)
        #expect(answers.first?.errorCode == code, "\(text): \(answers)")
        #expect(Self.answers(&session))
    }

    @Test func anErrorAnswersTheRequestsIdOfEitherKind() {
        var session = LSPSession(folder: Self.root)
        #expect(session.send(body(#"{"jsonrpc":"2.0","id":"s-1","method":"no/such"}"#)).first?[member: "id"] == .string("s-1"))
        #expect(session.send(body(#"{"jsonrpc":"2.0","id":7,"method":"no/such"}"#)).first?[member: "id"] == .number(7))
        #expect(session.send(body("{")).first?[member: "id"] == .null)
    }

    @Test func unknownNotificationsAndResponsesAreIgnored() {
        var session = LSPSession(folder: Self.root)
        #expect(session.send(body(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#)).isEmpty)
        #expect(session.send(body(#"{"jsonrpc":"2.0","method":"no/such"}"#)).isEmpty)
        #expect(session.send(body(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#)).isEmpty)
        #expect(session.send(body(#"{"jsonrpc":"2.0","id":9,"result":null}"#)).isEmpty)
        #expect(Self.answers(&session))
    }

    @Test func frameErrorsAreAnsweredAndTheServerGoesOn() {
        var session = LSPSession(folder: Self.root)
        var server = session.server
        let parse = server.handle(.error(.missingContentLength))
        let tooLarge = server.handle(.error(.bodyTooLarge(length: 20 << 20, limit: 16 << 20)))
        #expect(parse.map(\.errorCode) == [JSONRPCError.parseError])
        #expect(tooLarge.map(\.errorCode) == [JSONRPCError.invalidRequest])
        session.server = server
        #expect(Self.answers(&session))
    }

    @Test func shutdownThenExitEndsWithZero() {
        var session = LSPSession(folder: Self.root)
        #expect(session.request("shutdown")?[member: "result"] == .null)
        #expect(session.request("textDocument/hover", [:])?.errorCode == JSONRPCError.invalidRequest)
        #expect(session.request("shutdown")?.errorCode == JSONRPCError.invalidRequest)
        #expect(session.server.exitCode == nil)
        session.notify("exit", [:])
        #expect(session.server.exitCode == 0)
    }

    @Test func exitWithoutShutdownEndsWithOne() {
        var session = LSPSession(folder: Self.root)
        session.notify("exit", [:])
        #expect(session.server.exitCode == 1)
    }

    @Test func featureRequestsWithoutAHandlerGetAnEmptyAnswer() {
        var session = LSPSession(folder: Self.root)
        let position: [String: JSONValue] = [
            "textDocument": .object(["uri": .string(session.uri("Policies/photocollage.yaml"))]),
            "position": .object(["line": .number(0), "character": .number(0)]),
        ]
        #expect(session.request("textDocument/hover", position)?[member: "result"] == .null)
        #expect(session.request("textDocument/completion", position)?[member: "result"] == .array([]))
        #expect(session.request("textDocument/definition", position)?[member: "result"] == .null)
    }

    @Test func aHandlerAnswersWithTheWorkspaceUpToDate() throws {
        let handler: LanguageServer.RequestHandler = { _, workspace in
            .string(workspace.documents["Policies/photocollage.yaml"]?.text ?? "none")
        }
        var session = LSPSession(folder: Self.root, initialize: false)
        session.server = LanguageServer(validator: .withICU, currentDirectory: Self.root, version: "1",
                                        handlers: ["textDocument/hover": handler])
        session.request("initialize", [:])
        session.open("Policies/photocollage.yaml", text: "app: x\n")
        let answer = session.request("textDocument/hover", [:])
        let response = try #require(answer)
        #expect(response[member: "result"] == .string("app: x\n"))
        #expect(session.diagnostics[session.uri("Policies/photocollage.yaml")] != nil, "pending diagnostics went first")
    }

    @Test func aDocumentOverTheSizeLimitIsAFinding() throws {
        var session = LSPSession(folder: Self.root)
        let huge = String(repeating: "# padding padding padding padding\n", count: (8 << 20) / 34 + 10)
        let frame = JSONValue.object([
            "jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
            "params": .object(["textDocument": .object([
                "uri": .string(session.uri("Policies/photocollage.yaml")), "languageId": .string("yaml"),
                "version": .number(1), "text": .string(huge)])]),
        ]).jsonBytes
        var reader = JSONRPCFrameReader()
        reader.append(JSONRPCFrameWriter.frame(frame))
        let next = reader.next()
        let event = try #require(next)
        #expect(session.server.handle(event).isEmpty)
        session.sent += session.server.performDueWork()
        let findings = session.diagnostics[session.uri("Policies/photocollage.yaml")] ?? []
        #expect(findings.map { $0[member: "code"] } == [.string("yaml-limit")])
        #expect(Self.answers(&session))
    }
}
