import Foundation
import JSON
import LanguageServer
import Testing

/// Open, change, save and close: unsaved text takes the place of the file on disk, an edit re-checks every file of
/// its app, and findings that went away are cleared.
@Suite struct DocumentSyncTests {
    static let policy = "Policies/photocollage.yaml"
    static let template = "Templates/photocollage/en.yaml"

    static func codes(_ session: LSPSession, _ path: String) -> [String] {
        (session.diagnostics[session.uri(path)] ?? []).compactMap { $0[member: "code"]?.string }
    }

    @Test func unsavedTextIsValidatedAndEqualsValidateOnTheSameText() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = LSPSession(folder: copy.folder)
        let edited = try copy.text(Self.template).replacingOccurrences(of: "{price}", with: "{prize}")
        session.open(Self.template, text: edited)
        session.flush()
        #expect(Self.codes(session, Self.template).contains("template-unknown-variable"))
        try copy.write(Self.template, edited)
        #expect(ValidateParity.comparable(session.diagnostics) == (try ValidateParity.expected(in: copy.folder)))
    }

    @Test func editingATemplateRechecksItsPolicy() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = LSPSession(folder: copy.folder)
        session.open(Self.template, text: try copy.text(Self.template))
        let first = session.flush()
        #expect(first.contains { $0[member: "params"]?[member: "uri"] == .string(session.uri(Self.policy)) })
        session.change(Self.template, text: "")
        let second = session.flush()
        let uris = second.compactMap { $0[member: "params"]?[member: "uri"]?.string }
        #expect(uris.contains(session.uri(Self.policy)))
        #expect(uris.contains(session.uri("Templates/photocollage/ko.yaml")))
        #expect(!uris.contains(session.uri("Policies/lingualeap.yaml")), "another app is left alone")
    }

    @Test func aFixedFindingIsClearedAndAClosedUnsavedFileToo() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = LSPSession(folder: copy.folder)
        let newFile = "Templates/photocollage/fr.yaml"
        session.open(newFile, text: "messages: [")
        session.flush()
        #expect(Self.codes(session, newFile) == ["yaml-syntax"])
        session.change(newFile, text: "messages: [\n")
        session.flush()
        #expect(Self.codes(session, newFile) == ["yaml-syntax"])
        session.notify("textDocument/didClose", ["textDocument": .object(["uri": .string(session.uri(newFile))])])
        let closed = session.flush()
        #expect(closed.contains { $0[member: "params"]?[member: "uri"] == .string(session.uri(newFile)) })
        #expect(session.diagnostics[session.uri(newFile)] == [])
    }

    @Test func savingRereadsTheDisk() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = LSPSession(folder: copy.folder)
        session.open(Self.policy, text: try copy.text(Self.policy))
        session.flush()
        #expect(!Self.codes(session, "Templates/photocollage/ja.yaml").contains("yaml-syntax"))
        try copy.write("Templates/photocollage/ja.yaml", "a: [")
        session.notify("textDocument/didSave", ["textDocument": .object(["uri": .string(session.uri(Self.policy))])])
        session.flush()
        #expect(Self.codes(session, "Templates/photocollage/ja.yaml").contains("yaml-syntax"))
    }

    @Test func positionsCountUTF16() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = LSPSession(folder: copy.folder)
        let text = "# 한국어 🎉 مرحبا\nmessages: { title: 🎉🎉 [\n"
        session.open(Self.template, text: text)
        session.flush()
        try copy.write(Self.template, text)
        let published = session.diagnostics[session.uri(Self.template)] ?? []
        #expect(!published.isEmpty)
        #expect(ValidateParity.comparable(session.diagnostics) == (try ValidateParity.expected(in: copy.folder)))
    }

    @Test func aDocumentOutsideTheWorkspaceIsNotValidated() {
        var session = LSPSession(folder: "/nonexistent-folder")
        session.notify("textDocument/didOpen", ["textDocument": .object([
            "uri": .string("file:///elsewhere/Policies/x.yaml"), "text": .string("a: ["),
        ])])
        session.open("README.md", text: "a: [")
        #expect(!session.server.hasWorkDue)
        #expect(session.flush().isEmpty)
    }
}
