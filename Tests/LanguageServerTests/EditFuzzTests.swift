import LanguageServer
import TestSupport
import Testing
import TollgateEvaluation

/// A thousand seeded random edits of an example policy and template, of the characters YAML gives meaning to and
/// of non-ASCII text: the server keeps answering, and its diagnostics on the final text are validate's.
@Suite struct EditFuzzTests {
    static let alphabet: [Unicode.Scalar] = [
        ":", "-", " ", " ", "\n", "\t", "{", "}", "[", "]", "#", "'", "\"", "|", ">", "&", "*", "!", "%", "@", "`",
        ",", "?", "\\", "a", "1", "é", "한", "🎉", "ب", "\u{200F}", "\u{FEFF}",
    ]

    static func edit(_ text: [Unicode.Scalar], using random: inout SplitMix64) -> [Unicode.Scalar] {
        var text = text
        let start = Int.random(in: 0...text.count, using: &random)
        let end = min(text.count, start + Int.random(in: 0...12, using: &random))
        let insertion = (0..<Int.random(in: 0...6, using: &random)).map { _ in
            alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: text.insert(contentsOf: insertion, at: start)
        case 1: text.removeSubrange(start..<end)
        default: text.replaceSubrange(start..<end, with: insertion)
        }
        return text
    }

    @Test func randomEditsKeepTheServerAliveAndEqualToValidate() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = LSPSession(folder: copy.folder)
        let files = ["Policies/photocollage.yaml", "Templates/photocollage/ko.yaml"]
        var texts: [[Unicode.Scalar]] = []
        for file in files {
            texts.append(Array(try copy.text(file).unicodeScalars))
            session.open(file, text: try copy.text(file))
        }
        session.open("Policies/lingualeap.yaml", text: try copy.text("Policies/lingualeap.yaml"))
        var random = SplitMix64(seed: 16)
        for round in 1...1_000 {
            let index = Int.random(in: 0..<files.count, using: &random)
            texts[index] = Self.edit(texts[index], using: &random)
            var text = ""
            text.unicodeScalars.append(contentsOf: texts[index])
            session.change(files[index], text: text, version: round + 1)
            if round.isMultiple(of: 50) {
                session.flush()
                #expect(session.request("no/such", [:])?.errorCode == JSONRPCError.methodNotFound, "round \(round)")
            }
        }
        session.flush()
        for (file, scalars) in zip(files, texts) {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            try copy.write(file, text)
        }
        let expected = try ValidateParity.expected(in: copy.folder)
        #expect(expected.keys.contains(session.uri(files[0])), "the edits leave findings to compare")
        #expect(ValidateParity.comparable(session.diagnostics) == expected)
    }
}
