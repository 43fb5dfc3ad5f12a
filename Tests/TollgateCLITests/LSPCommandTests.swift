import Foundation
import JSON
import TestSupport
import Testing

/// `tollgate lsp` as an editor starts it: a child process speaking LSP on a pipe.
@Suite struct LSPCommandTests {
    static func frame(_ json: String) -> String {
        "Content-Length: \(json.utf8.count)\r\n\r\n\(json)"
    }

    @Test func aSessionOverPipesEndsWithZero() async throws {
        let executable = try TollgateExecutable.require()
        let root = Fixtures.repositoryRoot()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let policy = try String(contentsOf: root.appendingPathComponent("Policies/photocollage.yaml"), encoding: .utf8)
        let uri = root.appendingPathComponent("Policies/photocollage.yaml").absoluteString
        let session = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":\#(JSONWriter.quoted(root.absoluteString)),"capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(JSONWriter.quoted(uri)),"languageId":"yaml","version":1,"text":\#(JSONWriter.quoted(policy))}}}"#,
            #"{"jsonrpc":"2.0","id":"two","method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ].map(Self.frame).joined()
        let input = work.appendingPathComponent("input")
        try Data(session.utf8).write(to: input)
        let result = try await TestSupport.ChildProcess.run(
            "/bin/sh", ["-c", #"cat "$1" | exec "$0" lsp"#, executable.url.path, input.path], in: work,
            timeout: .seconds(60))
        #expect(result.succeeded, "\(result)")
        #expect(result.stderr.isEmpty)
        var rest = Substring(result.stdout)
        var messages: [JSONValue] = []
        while let header = rest.range(of: "\r\n\r\n"), rest.hasPrefix("Content-Length: "),
              let length = Int(rest[rest.index(rest.startIndex, offsetBy: 16)..<header.lowerBound]) {
            let body = Array(rest[header.upperBound...].utf8.prefix(length))
            messages.append(try JSONValue(reading: body))
            rest = Substring(String(decoding: rest[header.upperBound...].utf8.dropFirst(length), as: UTF8.self))
        }
        #expect(rest.isEmpty, "stdout holds only frames")
        let responses = messages.filter { message in
            guard case .object(let members) = message else { return false }
            return members["id"] != nil
        }
        #expect(responses.count == 2)
        guard case .object(let initialize)? = responses.first, case .object(let result)? = initialize["result"],
              case .object(let info)? = result["serverInfo"] else {
            Issue.record("no initialize result: \(messages)")
            return
        }
        #expect(info["name"] == .string("tollgate"))
        if case .object(let shutdown)? = responses.last {
            #expect(shutdown["id"] == .string("two"))
            #expect(shutdown["result"] == .null)
        }
    }

    @Test func withoutExitItEndsWithOne() async throws {
        let executable = try TollgateExecutable.require()
        let result = try await TestSupport.ChildProcess.run(executable.url.path, ["lsp"], timeout: .seconds(60))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
    }
}
