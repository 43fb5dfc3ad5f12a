import Foundation
import Store
import Testing
import TestSupport

/// A PostgreSQL cluster of one test's own (`scripts/postgres.sh` with `TOLLGATE_PG_DIR` in a temporary
/// folder), so the test can stop and restart it under replicas without disturbing the tests that share
/// the `make test` cluster.
final class OwnCluster {
    let folder: URL
    /// The URL of its `tollgate` database.
    private(set) var url = ""

    /// Runs `body` with a new cluster, and deletes the cluster after, whatever happened.
    static func with(_ body: (OwnCluster) async throws -> Void) async throws {
        let cluster = try await OwnCluster()
        do {
            try await body(cluster)
        } catch {
            await cluster.remove()
            throw error
        }
        await cluster.remove()
    }

    private init() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-pg-\(UUID().uuidString)")
        url = try await script("start")
    }

    /// Stops the server, keeping its data and port.
    func pause() async throws {
        try await script("pause")
    }

    /// Starts the server again on the same port.
    func restart() async throws {
        try await script("start")
    }

    /// Stops the server and deletes the cluster.
    func remove() async {
        _ = try? await script("stop")
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    private func script(_ command: String) async throws -> String {
        let script = Fixtures.repositoryRoot().appendingPathComponent("scripts/postgres.sh").path
        // The server must not inherit the descriptors Foundation watches to learn that the script ended.
        let closingInherited = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then { eval "exec $n>&-"; } 2>/dev/null; fi; done; exec "$0" "$@""#
        let result = try await ChildProcess.run("/bin/bash", ["-c", closingInherited, script, command],
                                                environment: ["TOLLGATE_PG_DIR": folder.path], timeout: .seconds(120))
        guard result.succeeded else {
            throw ChildProcess.Failure(description: """
                scripts/postgres.sh \(command) failed (PostgreSQL's server is needed: scripts/install-deps.sh --test): \
                \(result.stderr)
                """)
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension ServedTollgate {
    /// The port from the `listening` line.
    var port: Int { listening?["port"] as? Int ?? 0 }

    /// One request with `extra` header lines, answered on a thread of its own.
    func request(_ method: String, _ path: String, json: String? = nil, headers extra: [String] = []) async throws
        -> RawResponse
    {
        let port = port
        let headers = (json == nil ? [] : ["Content-Type: application/json"]) + extra
        return try await onThread {
            try RawConnection.exchange(port: port, RawConnection.request(method, path, headers: headers,
                                                                            body: json.map { Array($0.utf8) }))
        }
    }

    /// The bundle's ETag for `app`, or nil when it is not served.
    func etag(app: String) async throws -> String? {
        let response = try await request("GET", "/v1/apps/\(app)/bundle")
        return response.status == 200 ? response.header("etag") : nil
    }

    /// `/readyz`'s status and JSON body.
    func readiness() async throws -> (status: Int, body: [String: Any]) {
        let response = try await request("GET", "/readyz")
        let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
        return (response.status, body)
    }

    /// The log lines whose `event` is `event`, as JSON objects.
    func events(_ event: String) -> [[String: Any]] {
        log.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == event else { return nil }
            return object
        }
    }
}

/// An evaluate request every test replica can answer.
let evaluateBody = #"{ "entitlements": [], "synced": true, "consent": "granted" }"#
