import Foundation
import JSON
import LanguageServer
import PolicyValidation
import Testing
import Project
import TollgateEvaluation

/// The stdio loop over real file descriptors: a burst of edits is validated once, with the final text, and
/// `shutdown` and `exit` end it with 0.
@Suite struct StdioLoopTests {
    static func frame(_ message: [String: JSONValue]) -> [UInt8] {
        var message = message
        message["jsonrpc"] = .string("2.0")
        return JSONRPCFrameWriter.frame(JSONValue.object(message).jsonBytes)
    }

    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            written += count
        }
    }

    /// The messages in a file of frames.
    static func messages(in path: String) -> [JSONValue] {
        var reader = JSONRPCFrameReader()
        reader.append((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
        var messages: [JSONValue] = []
        while case .body(let body)? = reader.next() {
            if let message = try? JSONValue(reading: body) { messages.append(message) }
        }
        return messages
    }

    @Test func aBurstOfEditsIsValidatedOnceWithItsLastText() async throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        let template = "Templates/photocollage/en.yaml"
        let uri = DocumentURI.uri(ofPath: "\(copy.folder)/\(template)")
        let original = try copy.text(template)
        let final = original.replacingOccurrences(of: "{price}", with: "{prize}")
        var burst = Self.frame(["id": .number(1), "method": .string("initialize"),
                                "params": .object(["rootUri": .string(DocumentURI.uri(ofPath: copy.folder))])])
        burst += Self.frame(["method": .string("initialized"), "params": .object([:])])
        burst += Self.frame(["method": .string("textDocument/didOpen"), "params": .object(["textDocument": .object([
            "uri": .string(uri), "languageId": .string("yaml"), "version": .number(1), "text": .string(original)])])])
        for (version, text) in ["a: [", "a: {", "messages: 3", final].enumerated() {
            burst += Self.frame(["method": .string("textDocument/didChange"), "params": .object([
                "textDocument": .object(["uri": .string(uri), "version": .number(Double(version + 2))]),
                "contentChanges": .array([.object(["text": .string(text)])])])])
        }
        var input: [Int32] = [0, 0]
        #expect(pipe(&input) == 0)
        let outputPath = "\(copy.folder)/output"
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(output >= 0)
        let readEnd = input[0]
        let loop = Task.detached { () -> Int32 in
            var server = LanguageServer(validator: .withICU, currentDirectory: "/", version: "1")
            return StdioLoop.run(&server, input: readEnd, output: output)
        }
        Self.write(burst, to: input[1])
        let published = { Self.messages(in: outputPath).filter {
            $0[member: "params"]?[member: "uri"] == .string(uri)
        } }
        var waits = 0
        while published().isEmpty, waits < 600 {
            try await Task.sleep(for: .milliseconds(100))
            waits += 1
        }
        Self.write(Self.frame(["id": .number(2), "method": .string("shutdown")])
            + Self.frame(["method": .string("exit")]), to: input[1])
        #expect(await loop.value == 0)
        close(input[0])
        close(input[1])
        close(output)
        #expect(published().count == 1)
        try copy.write(template, final)
        let expected = try ValidateParity.expected(in: copy.folder)[uri] ?? []
        #expect(!expected.isEmpty)
        #expect(ValidateParity.comparable([uri: published().first?[member: "params"]?[member: "diagnostics"]?.elements ?? []])[uri] == expected)
        let responses = Self.messages(in: outputPath).filter { $0[member: "id"] != nil }
        #expect(responses.map { $0[member: "id"] } == [.number(1), .number(2)])
    }

    @Test func theEndOfInputWithoutExitEndsWithOne() async {
        var input: [Int32] = [0, 0]
        #expect(pipe(&input) == 0)
        let devNull = open("/dev/null", O_WRONLY)
        Self.write(Array("Content-Length: 2\r\n\r\n{}Content-Length: 9\r\n\r\n{".utf8), to: input[1])
        close(input[1])
        let readEnd = input[0]
        let code = await Task.detached { () -> Int32 in
            var server = LanguageServer(validator: .withICU, currentDirectory: "/", version: "1")
            return StdioLoop.run(&server, input: readEnd, output: devNull)
        }.value
        close(input[0])
        close(devNull)
        #expect(code == 1)
    }
}
