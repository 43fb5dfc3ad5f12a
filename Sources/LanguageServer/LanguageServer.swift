import Diagnostics
package import JSON
package import PolicyValidation
import Project
package import YAML

/// The language server as a state machine, without pipes: `handle(_:)` takes each frame from the client and
/// gives the messages to send; an edit only schedules diagnostics, which `performDueWork()` computes and
/// publishes when the caller sees no more input coming (the debounce).
package struct LanguageServer {
    /// Answers a request about the workspace (hover, completion, ...) from its params, or fails with an error
    /// to send.
    package typealias RequestHandler = @Sendable (JSONValue, EditorWorkspace) throws(JSONRPCError) -> JSONValue

    private enum Phase {
        case uninitialized, running, shutDown
    }

    private let validator: Validator
    private let limits: YAMLLimits
    private let defaultFolder: String
    private let handlers: [String: RequestHandler]
    private let version: String
    private var phase = Phase.uninitialized
    package private(set) var workspace = EditorWorkspace(documents: [:], apps: [])
    /// The text of each open document in the workspace folder, by path.
    private var open: [String: String] = [:]
    /// Apps whose diagnostics an edit made stale.
    private var dueApps: Set<String> = []
    /// The files each app's last diagnostics were published for.
    private var published: [String: Set<String>] = [:]
    /// The process exit code once `exit` arrived: 0 after `shutdown`, 1 without.
    package private(set) var exitCode: Int32?

    /// A server for the workspace folder the client names, or `currentDirectory` when it names none;
    /// `handlers` answer the requests about the workspace by method, and those without one get an empty answer.
    package init(validator: Validator, currentDirectory: String, version: String,
                 handlers: [String: RequestHandler] = [:], limits: YAMLLimits = .standard) {
        self.validator = validator
        self.defaultFolder = currentDirectory
        self.version = version
        self.handlers = handlers
        self.limits = limits
    }

    /// Whether an edit left diagnostics to compute.
    package var hasWorkDue: Bool { !dueApps.isEmpty && phase == .running }

    /// Handles one event of the frame reader.
    package mutating func handle(_ event: JSONRPCFrameReader.Event) -> [JSONValue] {
        switch event {
        case .body(let body): return handle(body: body)
        case .error(let error):
            let code = if case .bodyTooLarge = error { JSONRPCError.invalidRequest } else { JSONRPCError.parseError }
            return [JSONRPCOutgoing.error(nil, JSONRPCError(code: code, message: "\(error)"))]
        }
    }

    /// Handles one message's body.
    package mutating func handle(body: [UInt8]) -> [JSONValue] {
        switch JSONRPCMessage.parse(body) {
        case .failure(let refusal): return [JSONRPCOutgoing.error(refusal.id, refusal.error)]
        case .success(.response): return []
        case .success(.notification(let method, let params)):
            return notification(method, params)
        case .success(.request(let id, let method, let params)):
            do throws(JSONRPCError) {
                var outgoing: [JSONValue] = []
                let result = try request(method, params, outgoing: &outgoing)
                return outgoing + [JSONRPCOutgoing.result(id, result)]
            } catch {
                return [JSONRPCOutgoing.error(id, error)]
            }
        }
    }

    /// Computes the diagnostics edits made stale and gives their `publishDiagnostics` notifications.
    package mutating func performDueWork() -> [JSONValue] {
        guard hasWorkDue else { return [] }
        let ids = dueApps
        dueApps = []
        workspace.reload(apps: ids, folder: workspace.folder, open: open, validator: validator, limits: limits)
        return ids.sorted().flatMap { publish(app: $0) }
    }

    private mutating func request(_ method: String, _ params: JSONValue,
                                  outgoing: inout [JSONValue]) throws(JSONRPCError) -> JSONValue {
        switch phase {
        case .uninitialized where method != "initialize":
            throw JSONRPCError(code: JSONRPCError.serverNotInitialized, message: "the server is not initialized")
        case .shutDown:
            throw JSONRPCError(code: JSONRPCError.invalidRequest, message: "the server is shut down; send exit")
        default: break
        }
        switch method {
        case "initialize": return try initialize(params)
        case "shutdown":
            phase = .shutDown
            return .null
        default:
            guard let empty = Self.featureMethods[method] else {
                throw JSONRPCError(code: JSONRPCError.methodNotFound, message: "unknown method '\(method)'")
            }
            guard case .object = params else { throw .invalidParams("'\(method)' needs an object of params") }
            outgoing += performDueWork()
            guard let handler = handlers[method] else { return empty }
            return try handler(params, workspace)
        }
    }

    /// The requests about the workspace, and the answer each gets without a handler.
    private static let featureMethods: [String: JSONValue] = [
        "textDocument/hover": .null,
        "textDocument/completion": .array([]),
        "textDocument/definition": .null,
        "textDocument/codeAction": .array([]),
    ]

    private mutating func initialize(_ params: JSONValue) throws(JSONRPCError) -> JSONValue {
        guard phase == .uninitialized else {
            throw JSONRPCError(code: JSONRPCError.invalidRequest, message: "the server is already initialized")
        }
        guard case .object = params else { throw .invalidParams("'initialize' needs an object of params") }
        workspace.folder = Self.folder(params) ?? defaultFolder
        while workspace.folder.count > 1, workspace.folder.hasSuffix("/") { workspace.folder.removeLast() }
        phase = .running
        return .object([
            "capabilities": Self.capabilities,
            "serverInfo": .object(["name": .string("tollgate"), "version": .string(version)]),
        ])
    }

    /// The workspace folder `initialize` names: `rootUri`, else the first of `workspaceFolders`, else
    /// `rootPath`.
    private static func folder(_ params: JSONValue) -> String? {
        if let uri = params[member: "rootUri"]?.string, let path = DocumentURI.path(of: uri) { return path }
        if let uri = params[member: "workspaceFolders"]?.elements?.first?[member: "uri"]?.string,
           let path = DocumentURI.path(of: uri) {
            return path
        }
        if let path = params[member: "rootPath"]?.string, path.hasPrefix("/") { return path }
        return nil
    }

    package static let capabilities: JSONValue = .object([
        "positionEncoding": .string("utf-16"),
        "textDocumentSync": .object([
            "openClose": .bool(true),
            "change": .number(1),
            "save": .object(["includeText": .bool(false)]),
        ]),
        "hoverProvider": .bool(true),
        "completionProvider": .object(["triggerCharacters": .array(["{", "[", " ", ":"].map(JSONValue.string))]),
        "definitionProvider": .bool(true),
        "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
    ])

    private mutating func notification(_ method: String, _ params: JSONValue) -> [JSONValue] {
        if method == "exit" {
            exitCode = phase == .shutDown ? 0 : 1
            return []
        }
        guard phase == .running else { return [] }
        let uri = params[member: "textDocument"]?[member: "uri"]?.string
        switch method {
        case "initialized": return []
        case "textDocument/didOpen":
            guard let uri, let text = params[member: "textDocument"]?[member: "text"]?.string else { return [] }
            edit(uri, text: text)
        case "textDocument/didChange":
            let changes = params[member: "contentChanges"]?.elements ?? []
            guard let uri, let change = changes.last, change[member: "range"] == nil,
                  let text = change[member: "text"]?.string else { return [] }
            edit(uri, text: text)
        case "textDocument/didSave":
            guard let uri, let path = workspace.path(forURI: uri), let app = ProjectLayout.app(of: path) else {
                return []
            }
            dueApps.insert(app)
        case "textDocument/didClose":
            guard let uri, let path = workspace.path(forURI: uri) else { return [] }
            open[path] = nil
            workspace.openURIs[path] = nil
            if let app = ProjectLayout.app(of: path) { dueApps.insert(app) }
        default: break
        }
        return []
    }

    /// Takes the text of an open document and schedules its app's diagnostics.
    private mutating func edit(_ uri: String, text: String) {
        guard let path = workspace.path(forURI: uri) else { return }
        open[path] = text
        workspace.openURIs[path] = uri
        workspace.documents[path] = EditorWorkspace.Document(path: path, text: text)
        if let app = ProjectLayout.app(of: path) { dueApps.insert(app) }
    }

    /// The diagnostics of every file of an app, and an empty list for each file published before that is no
    /// longer the app's or has no findings now.
    private mutating func publish(app id: String) -> [JSONValue] {
        let app = workspace.apps.first { $0.id == id }
        var byFile: [String: [Diagnostic]] = [:]
        for file in (app.map { [$0.policyFile] + $0.templateFiles } ?? []) { byFile[file] = [] }
        for diagnostic in app?.diagnostics ?? [] { byFile[diagnostic.span.file, default: []].append(diagnostic) }
        for file in published[id] ?? [] where byFile[file] == nil { byFile[file] = [] }
        published[id] = Set(byFile.filter { !$0.value.isEmpty || app?.holds($0.key) == true }.keys)
        return byFile.sorted { $0.key < $1.key }.map { file, diagnostics in
            let lines = workspace.documents[file]?.lines ?? LineIndex("")
            return JSONRPCOutgoing.notification("textDocument/publishDiagnostics", .object([
                "uri": .string(workspace.uri(forPath: file)),
                "diagnostics": .array(diagnostics.map { LSPDiagnostic.json($0, lines: lines, workspace: workspace) }),
            ]))
        }
    }
}
