import Foundation
import Testing
import TestSupport
import TollgateEvaluation

/// Experiments assign users exactly as flagd does: the same split from flagd's own evaluator
/// (openfeature-flagd-core from PyPI) for 10,000 ids, ASCII and not, short and long.
@Suite(.tags(.python)) struct FlagdAgreementTests {
    /// Ids of every kind: plain, e-mail, Korean, Arabic, emoji with joiners, combining marks, and lengths that
    /// cross CBOR's 24- and 256-byte heads.
    static func users(count: Int) -> [String] {
        var random = SplitMix64(seed: 0xF1A6_D000)
        let alphabets: [[Character]] = [
            Array("abcdefghijklmnopqrstuvwxyz0123456789-_.@"), Array("가나다라마바사아자차카타파하한국어"),
            Array("ابتثجحخدذرزسشصضطظعغفقكلمنهوي"), ["👩‍💻", "🇯🇵", "é", "e\u{301}", "ß", "Ω", "\u{0}", " ", "\"", "\\"],
        ]
        return (0..<count).map { index in
            switch index % 5 {
            case 0: return "user-\(index)"
            case 1: return "u\(index)@example.com"
            default:
                let alphabet = alphabets.randomElement(using: &random)!
                let length = [1, 5, 23, 24, 90, 255, 256, 300].randomElement(using: &random)!
                return String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            }
        }
    }

    @Test("10,000 ids land in the variant flagd's evaluator picks")
    func sameSplitAsFlagd() async throws {
        let users = Self.users(count: 10_000)
        let variants: [(String, UInt32)] = [("control", 45), ("cheaper", 45), ("holdout", 10), ("never", 0)]
        let request: [String: Any] = ["seed": "jp-yearly-price", "variants": variants.map { [$0.0, $0.1] }, "users": users]
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("flagd-split-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: request).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let root = Fixtures.repositoryRoot()
        let python = try await PythonPeers.python(root: root)
        let run = try await ChildProcess.run(
            "/bin/sh", ["-c", "\"$0\" scripts/flagd-split.py < \"$1\"", python, input.path], in: root,
            timeout: .seconds(120))
        try #require(run.succeeded, "scripts/flagd-split.py failed: \(run.stderr.suffix(2000))")
        let flagd = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String])
        try #require(flagd.count == users.count)
        let weights = variants.map(\.1)
        let total = UInt64(weights.reduce(0, +))
        var disagreements: [String] = []
        for (user, expected) in zip(users, flagd) {
            let bucket = Bucketing.bucket(hash: Bucketing.hash(seed: "jp-yearly-price", userID: user), total: total)
            let ours = Bucketing.variant(weights: weights, bucket: bucket).map { variants[$0].0 }
            if ours != expected { disagreements.append("\(user.debugDescription): flagd \(expected), ours \(ours ?? "none")") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) ids differ, such as \(disagreements.prefix(5))")
        #expect(Set(flagd) == ["control", "cheaper", "holdout"])
    }
}
