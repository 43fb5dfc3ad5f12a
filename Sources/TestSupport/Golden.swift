package import Foundation
package import Testing

/// Compares text with a checked-in golden file; `UPDATE_GOLDEN=1` re-records it.
package enum Golden {
    package struct Mismatch: Error, CustomStringConvertible {
        package var description: String
    }

    /// Returns nil when `actual` equals the golden file, else a message with a line diff.
    /// With `UPDATE_GOLDEN=1` the file is rewritten and a mismatch is still reported once,
    /// so a re-record never passes silently.
    package static func check(_ actual: String, against path: String) -> Mismatch? {
        let url = URL(fileURLWithPath: path)
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if expected == actual { return nil }
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return Mismatch(description: "re-recorded \(path); run the tests again")
        }
        guard let expected else {
            return Mismatch(description: "missing golden file \(path) (run with UPDATE_GOLDEN=1 to record it)")
        }
        return Mismatch(description: "\(path) differs:\n" + diff(expected: expected, actual: actual))
    }

    /// The first differing lines, enough to see what changed.
    static func diff(expected: String, actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for index in 0..<max(e.count, a.count) where out.count < 20 {
            let left = index < e.count ? String(e[index]) : "<end>"
            let right = index < a.count ? String(a[index]) : "<end>"
            if left != right {
                out.append("line \(index + 1):\n  - \(left)\n  + \(right)")
            }
        }
        return out.joined(separator: "\n")
    }
}

/// Records an issue at the caller when `actual` differs from the golden file at `path` (see `Golden.check`), with
/// `hint` below the difference when the golden is made another way than `UPDATE_GOLDEN=1`.
package func expectGolden(_ actual: String, at path: String, hint: String? = nil,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    if let mismatch = Golden.check(actual, against: path) {
        Issue.record(Comment(rawValue: hint.map { "\(mismatch)\n\($0)" } ?? "\(mismatch)"), sourceLocation: sourceLocation)
    }
}

/// Paths of checked-in fixtures, found from the test source file.
package enum Fixtures {
    /// The repository root, found by walking up from `file` to the folder that holds Package.swift.
    package static func repositoryRoot(from file: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
            url.deleteLastPathComponent()
        }
        fatalError("no Package.swift above \(file)")
    }

    /// `Tests/Fixtures/<relative>` in this repository.
    package static func path(_ relative: String, file: String = #filePath) -> String {
        repositoryRoot(from: file).appendingPathComponent("Tests/Fixtures").appendingPathComponent(relative).path
    }
}
