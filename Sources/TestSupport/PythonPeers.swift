package import Foundation

/// The Python programs the tests check Tollgate against (an OFREP client, flagd's evaluator), in the virtual
/// environment `scripts/python-venv.sh` makes from PyPI.
package enum PythonPeers {
    /// The venv's python, set up on first use; a missing Python or PyPI is a failure that says how to fix it.
    package static func python(root: URL = Fixtures.repositoryRoot()) async throws -> String {
        let venv = try await ChildProcess.run("/bin/bash", [root.appendingPathComponent("scripts/python-venv.sh").path],
                                              in: root, timeout: .seconds(300))
        let python = venv.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard venv.succeeded, FileManager.default.isExecutableFile(atPath: python) else {
            throw ChildProcess.Failure(description: """
                cannot set up the Python test peers: scripts/python-venv.sh \
                \(venv.timedOut ? "timed out" : "exited with \(venv.status)"). It needs `python3 -m venv` \
                (Debian: python3-venv, see scripts/install-deps.sh --test) and PyPI. Its output:
                \(venv.stderr.suffix(3000))
                """)
        }
        return python
    }
}

extension PythonPeers {
    /// Whether google-auth accepts each of `tokens`, by id: `scripts/google-jwt-check.py` with `options` (the
    /// certificates or certs URL, the audience, the skew) run on a file of them, one JSON line each.
    package static func googleAuthVerdicts(_ tokens: [(id: String, token: String)], options: [String]) async throws
        -> [String: Bool]
    {
        let root = Fixtures.repositoryRoot()
        let python = try await python(root: root)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-jwt-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = try tokens.map { item in
            String(decoding: try JSONSerialization.data(withJSONObject: ["id": item.id, "token": item.token]),
                   as: UTF8.self)
        }
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try await ChildProcess.run(
            python, [root.appendingPathComponent("scripts/google-jwt-check.py").path] + options + [file.path],
            timeout: .seconds(300))
        guard run.succeeded else {
            throw ChildProcess.Failure(description: "google-jwt-check.py failed (\(run.status)): \(run.stderr.suffix(3000))")
        }
        var verdicts: [String: Bool] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let answer = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let id = answer["id"] as? String, let accepted = answer["accepted"] as? Bool else {
                throw ChildProcess.Failure(description: "google-jwt-check.py printed \(line)")
            }
            verdicts[id] = accepted
        }
        return verdicts
    }
}

extension PythonPeers {
    /// GrowthBook's gbstats 0.8.0 on `cases`, JSON lines as `scripts/gbstats-check.py` reads them: its answers by
    /// case id, each output by name, an array's elements as `name.0`, `name.1` (a non-finite number is NaN or ±inf).
    package static func gbstats(_ cases: [String]) async throws -> [String: [String: Double]] {
        let root = Fixtures.repositoryRoot()
        let python = try await python(root: root)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-gbstats-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try (cases.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try await ChildProcess.run(
            python, [root.appendingPathComponent("scripts/gbstats-check.py").path, file.path], timeout: .seconds(300))
        guard run.succeeded else {
            throw ChildProcess.Failure(
                description: "gbstats-check.py failed (\(run.status)): \(run.stderr.suffix(3000))")
        }
        func number(_ value: Any) -> Double? {
            if let text = value as? String { return Double(text) }
            return (value as? NSNumber)?.doubleValue
        }
        var answers: [String: [String: Double]] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let answer = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let id = answer["id"] as? String else {
                throw ChildProcess.Failure(description: "gbstats-check.py printed \(line)")
            }
            var outputs: [String: Double] = [:]
            for (name, value) in answer where name != "id" {
                if let elements = value as? [Any] {
                    for (index, element) in elements.enumerated() { outputs["\(name).\(index)"] = number(element) }
                } else {
                    outputs[name] = number(value)
                }
            }
            answers[id] = outputs
        }
        return answers
    }
}
