import Foundation
import JSON
import Testing
import TestSupport

/// A real language client, pygls's (`pygls` and `lsprotocol` from PyPI, in the venv `scripts/python-venv.sh`
/// makes), drives `tollgate lsp` through an editor's session on a copy of the examples: the script
/// `Tests/Fixtures/lsp/client-session.py` runs once and prints what the server answered; the tests below judge it.
///
/// Positions are LSP's, UTF-16 columns; the script cuts each range's text out of the document in UTF-16 code units,
/// so a server counting characters or bytes shows up as the wrong text after the emoji in the Korean template.
/// Without Python's venv module or PyPI the tests fail: they never skip.
@Suite(.serialized, .tags(.python)) struct LSPClientTests {
    /// The client's one run, shared by the tests below.
    static let session = Task { try await run() }

    @Test func initializeAnnouncesTheFeaturesAndTheSessionEndsWithExitStatus0() async throws {
        let session = try await Self.session.value
        #expect(session[member: "failure"] == nil, "the client failed: \(session[member: "failure"] ?? .null)")
        let initialize = try #require(session.step("initialize"))
        #expect(initialize[member: "error"] == nil, "\(initialize)")
        #expect(initialize[member: "serverInfo"]?.string == "tollgate")
        #expect(initialize[member: "positionEncoding"]?.string == "utf-16")
        #expect(initialize[member: "openClose"] == .bool(true))
        #expect([1, 2].contains(initialize[member: "textDocumentSync"]?.integer), "full or incremental sync")
        for provider in ["hover", "completion", "definition", "codeAction"] {
            #expect(initialize[member: provider] == .bool(true), "\(provider)")
        }
        #expect(session.step("shutdown")?[member: "answered"] == .bool(true), "\(session.step("shutdown") ?? .null)")
        #expect(session[member: "exitStatus"]?.integer == 0, "stderr:\n\(session[member: "stderr"]?.string ?? "")")
        #expect(session[member: "killed"] == nil)
    }

    /// Opening the policy publishes validate's one finding on the examples, as validate words and places it.
    @Test func openingThePolicyPublishesValidatesFindings() async throws {
        let session = try await Self.session.value
        let diagnostics = try #require(session.step("openPolicy")?[member: "diagnostics"]?.elements,
                                       "\(session.step("openPolicy") ?? .null)")
        try #require(diagnostics.count == 1, "\(diagnostics)")
        let pending = diagnostics[0]
        #expect(pending[member: "code"]?.string == "attestation-open")
        #expect(pending[member: "severity"]?.integer == 2)
        #expect(pending[member: "source"]?.string == "tollgate")
        #expect(pending[member: "message"]?.string?.hasPrefix("attestation 'reviewer_can_purchase' is still pending")
                == true)
        #expect(pending.range == Span(line: 127, character: 27, endLine: 127, endCharacter: 34, text: "pending"))
    }

    /// The typo of the README's validate example, typed in the editor: an error on exactly the misspelt id, with
    /// validate's message and help, beside the warning that stays.
    @Test func aTypoInGrantsIsAnUnknownTierErrorOnTheId() async throws {
        let session = try await Self.session.value
        let typo = try #require(session.step("typo"))
        #expect(typo[member: "timedOut"] == nil, "\(typo)")
        let diagnostics = typo[member: "diagnostics"]?.elements ?? []
        #expect(Set(diagnostics.compactMap { $0[member: "code"]?.string }) == ["unknown-tier", "attestation-open"])
        let error = try #require(diagnostics.first { $0[member: "code"]?.string == "unknown-tier" })
        #expect(error[member: "severity"]?.integer == 1)
        #expect(error.range == Span(line: 21, character: 13, endLine: 21, endCharacter: 22, text: "remove-ad"))
        #expect(error[member: "message"]?.string == """
            product 'com.example.photocollage.removeads' grants unknown tier 'remove-ad'
            did you mean 'remove-ads'?
            """)
    }

    /// After an emoji (two UTF-16 code units) and Korean text, the unknown variable's range covers exactly its name.
    @Test func aTemplateFindingAfterAnEmojiIsPlacedInUTF16() async throws {
        let session = try await Self.session.value
        #expect(session.step("openTemplate")?[member: "diagnostics"]?.elements == [],
                "\(session.step("openTemplate") ?? .null)")
        let typo = try #require(session.step("templateTypo"))
        let diagnostics = typo[member: "diagnostics"]?.elements ?? []
        let unknown = try #require(diagnostics.first { $0[member: "code"]?.string == "template-unknown-variable" },
                                   "\(typo)")
        #expect(unknown[member: "severity"]?.integer == 1)
        // `      badge: "🎉 {savings_percent} 할인 {savngs_percent}"`: 38 characters before the name, 39 code units.
        #expect(unknown.range
                == Span(line: 23, character: 39, endLine: 23, endCharacter: 53, text: "savngs_percent"))
        #expect(unknown[member: "message"]?.string?.contains("did you mean 'savings_percent'?") == true)
    }

    @Test func completionInAGrantsListOffersTheTiers() async throws {
        let session = try await Self.session.value
        let labels = try #require(session.step("completionInGrants")?[member: "labels"]?.elements,
                                  "\(session.step("completionInGrants") ?? .null)").compactMap(\.string)
        #expect(Set(labels).isSuperset(of: ["remove-ads", "premium"]), "\(labels)")
        #expect(!labels.contains { $0.hasPrefix("com.example.") }, "no product ids in a grants list: \(labels)")
    }

    @Test func completionAfterABraceInATemplateOffersTheVariables() async throws {
        let session = try await Self.session.value
        let labels = try #require(session.step("completionAfterBrace")?[member: "labels"]?.elements,
                                  "\(session.step("completionAfterBrace") ?? .null)").compactMap(\.string)
        #expect(Set(labels).isSuperset(of: ["savings_percent", "price", "period"]), "\(labels)")
    }

    /// The quick fix replaces exactly the misspelt id with validate's suggestion, and once applied the error is gone.
    @Test(arguments: [
        QuickFix(step: "quickFixPolicy", fixed: "fixedPolicy", code: "unknown-tier",
                 edit: Span(line: 21, character: 13, endLine: 21, endCharacter: 22, text: "remove-ad"),
                 file: "Policies/photocollage.yaml", newText: "remove-ads"),
        QuickFix(step: "quickFixTemplate", fixed: "fixedTemplate", code: "template-unknown-variable",
                 edit: Span(line: 23, character: 39, endLine: 23, endCharacter: 53, text: "savngs_percent"),
                 file: "Templates/photocollage/ko.yaml", newText: "savings_percent"),
    ])
    func theQuickFixIsTheDidYouMean(fix: QuickFix) async throws {
        let session = try await Self.session.value
        let answer = try #require(session.step(fix.step))
        let actions = try #require(answer[member: "actions"]?.elements, "\(answer)")
        let quickFixes = actions.filter { $0[member: "kind"]?.string == "quickfix" }
        try #require(quickFixes.count == 1, "\(actions)")
        let action = quickFixes[0]
        #expect(action[member: "diagnostics"]?.elements == [.string(fix.code)])
        let edits = try #require(action[member: "edits"]?.elements)
        try #require(edits.count == 1, "\(edits)")
        #expect(edits[0].range == fix.edit)
        #expect(edits[0][member: "file"]?.string == fix.file)
        #expect(edits[0][member: "newText"]?.string == fix.newText)
        let fixed = try #require(session.step(fix.fixed), "the fix was not applied: \(answer)")
        #expect(fixed[member: "text"] == .bool(true))
        #expect(fixed[member: "timedOut"] == nil, "\(fixed)")
        #expect(fixed[member: "diagnostics"]?.elements?.contains { $0[member: "code"]?.string == fix.code } == false)
    }

    @Test func hoverOnATierSaysWhatItIsAndWhereItIsDefined() async throws {
        let session = try await Self.session.value
        let hover = try #require(session.step("hoverTier")?[member: "contents"]?.string,
                                 "\(session.step("hoverTier") ?? .null)")
        #expect(hover.contains("premium") && hover.contains("Premium"), "\(hover)")
        #expect(hover.contains("remove-ads"), "what premium includes: \(hover)")
    }

    /// Hovering a message after the emoji renders it with the reference prices: no placeholder is left.
    @Test func hoverOnAKoreanMessageAfterAnEmojiRendersIt() async throws {
        let session = try await Self.session.value
        let hover = try #require(session.step("hoverMessage")?[member: "contents"]?.string,
                                 "\(session.step("hoverMessage") ?? .null)")
        let rendered = try #require(hover.split(separator: "\n").first { $0.hasPrefix("> ") }, "\(hover)")
        #expect(rendered.contains("🎉") && rendered.contains("할인"), "\(hover)")
        #expect(!rendered.contains("{"), "no placeholder is left: \(hover)")
        #expect(rendered.contains("%"), "a percentage: \(hover)")
    }

    @Test(arguments: [("definitionInPolicy", 15), ("definitionFromTemplate", 16)])
    func definitionGoesToTheTierInThePolicy(step: String, line: Int) async throws {
        let session = try await Self.session.value
        let locations = try #require(session.step(step)?[member: "locations"]?.elements,
                                     "\(session.step(step) ?? .null)")
        try #require(locations.count == 1, "\(locations)")
        #expect(locations[0][member: "file"]?.string == "Policies/photocollage.yaml")
        #expect(locations[0].range?.line == line, "\(locations[0])")
        let tier = line == 15 ? "remove-ads" : "premium"
        #expect(locations[0].range?.text == tier, "\(locations[0])")
    }
}

extension LSPClientTests {
    /// A range as the script reports it, with the text it covers.
    struct Span: Hashable, Sendable, CustomStringConvertible {
        var line: Int
        var character: Int
        var endLine: Int
        var endCharacter: Int
        var text: String?

        var description: String { "\(line):\(character)-\(endLine):\(endCharacter) '\(text ?? "?")'" }
    }

    /// A code action request of the session and what its one quick fix must do.
    struct QuickFix: Sendable, CustomTestStringConvertible {
        var step: String
        var fixed: String
        var code: String
        var edit: Span
        var file: String
        var newText: String

        var testDescription: String { code }
    }

    /// Copies the examples, sets up the venv, runs the client on the `tollgate` built with the tests and reads
    /// its summary.
    static func run() async throws -> JSONValue {
        let root = Fixtures.repositoryRoot()
        let python = try await PythonPeers.python(root: root)
        let tollgate = try TollgateExecutable.require()
        let project = try StoreProject("lsp-client")
        defer { project.remove() }
        let client = try await TestSupport.ChildProcess.run(
            python, [root.appendingPathComponent("Tests/Fixtures/lsp/client-session.py").path, tollgate.url.path,
                     project.path],
            in: project.folder, timeout: .seconds(300))
        guard client.succeeded else {
            throw TestSupport.ChildProcess.Failure(description: """
                Tests/Fixtures/lsp/client-session.py \(client.timedOut ? "timed out" : "exited with \(client.status)"):
                \(client.stderr.suffix(3000))
                """)
        }
        do {
            return try JSONValue(reading: Array(client.stdout.utf8))
        } catch {
            throw TestSupport.ChildProcess.Failure(description: "the client's summary is not JSON: \(error)\n"
                                       + client.stdout.prefix(2000))
        }
    }
}

private extension JSONValue {
    subscript(member name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }

    var elements: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    var integer: Int? {
        guard case .number(let number) = self, number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// The summary of one step of the session.
    func step(_ name: String) -> JSONValue? { self[member: "steps"]?[member: name] }

    /// The range of a diagnostic, edit or location of the summary.
    var range: LSPClientTests.Span? {
        guard let line = self[member: "line"]?.integer, let character = self[member: "character"]?.integer,
              let endLine = self[member: "endLine"]?.integer, let endCharacter = self[member: "endCharacter"]?.integer
        else { return nil }
        return LSPClientTests.Span(line: line, character: character, endLine: endLine, endCharacter: endCharacter,
                                    text: self[member: "text"]?.string)
    }
}
