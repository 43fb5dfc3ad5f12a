import Foundation
import JSON
import Testing
@testable import TollgateEvaluation

/// `Decision.json()` is written by hand for speed; these hold it byte for byte to `JSONEncoder`'s output.
@Suite("Decision.json(): the same bytes as JSONEncoder with sorted keys")
struct DecisionJSONTests {
    static func encoded(_ decision: Decision) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(decision))
    }

    @Test("300 random decisions of every example", arguments: Example.allCases)
    func randomDecisions(_ example: Example) throws {
        let evaluator = try ExamplePolicies.evaluator(example)
        var generator = InputGenerator(policy: evaluator.policy, seed: 0x4A53_4F4E)
        for _ in 0..<300 {
            let decision = evaluator.evaluate(generator.input(), now: ExamplePolicies.now)
            let written = decision.json()
            #expect(written == (try Self.encoded(decision)), "\(String(decoding: written, as: UTF8.self))")
        }
    }

    /// Every character that needs an escape, and some that must not get one.
    static let awkward = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        + ["\"", "\\", "/", "\u{7F}", "é", "\u{2028}", "😀", "a\"b\\c\nd", "", "plain"]

    @Test("escapes match for every control character, quotes, backslashes, slashes and non-ASCII text")
    func awkwardStrings() throws {
        for text in Self.awkward {
            let decision = Decision(
                app: text, policy: "sha256:" + text, tiers: [text, "free"], features: [text: true, "b" + text: false],
                ads: .init(enabled: false, reason: text, placements: [text: false]),
                upsell: [text: [text, "x"]], explain: [text: text], warnings: [text])
            #expect(decision.json() == (try Self.encoded(decision)), "\(text.debugDescription)")
        }
    }

    @Test("keys are sorted as JSONEncoder sorts them: by code point, capitals before small letters")
    func keyOrder() throws {
        let keys = ["b", "B", "a10", "a2", "a.b", "a-b", "a_b", "_x", "é", "e", "Z", "ads.banner", "ads_2", ""]
        let decision = Decision(
            app: "a", policy: "p", tiers: [], features: Dictionary(uniqueKeysWithValues: keys.map { ($0, true) }),
            ads: .init(enabled: true, reason: "r", placements: [:]), upsell: [:],
            explain: Dictionary(uniqueKeysWithValues: keys.map { ($0, $0) }), warnings: [])
        #expect(decision.json() == (try Self.encoded(decision)))
        let text = String(decoding: decision.json(), as: UTF8.self)
        #expect(text.contains(#""features":{"":true,"B":true,"Z":true,"_x":true,"a-b":true,"a.b":true,"a10":true"#))
    }

    @Test("an empty decision writes empty objects and lists")
    func empty() throws {
        let decision = Decision(app: "", policy: "", tiers: [], features: [:],
                                ads: .init(enabled: true, reason: "", placements: [:]), upsell: [:], explain: [:],
                                warnings: [])
        #expect(String(decoding: decision.json(), as: UTF8.self) == #"{"ads":{"enabled":true,"placements":{},"reason":""},"#
            + #""app":"","explain":{},"features":{},"policy":"","tiers":[],"upsell":{},"warnings":[]}"#)
        #expect(decision.json() == (try Self.encoded(decision)))
    }

    @Test("JSONWriter.quoted writes a JSON string literal")
    func quoted() {
        #expect(JSONWriter.quoted("say \"hi\"\n\\ /") == #""say \"hi\"\n\\ /""#)
        #expect(JSONWriter.quoted("\u{1}\u{1F}") == #""\u0001\u001f""#)
    }
}
