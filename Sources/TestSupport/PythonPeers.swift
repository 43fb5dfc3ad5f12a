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
