import Foundation
import TollgateEvaluation

/// The admin routes: publish, rollback and history over HTTP, for a bearer token.
package struct Admin: Sendable {
    /// The token `Authorization: Bearer` must carry, from `TOLLGATE_ADMIN_TOKEN`.
    let token: String
    /// Runs a store command (`publish`, `rollback`, `history`) with command-line arguments, as
    /// `tollgate` would, and returns its exit code, output and errors.
    let run: @Sendable ([String]) -> (code: Int32, stdout: String, stderr: String)

    package init(token: String, run: @escaping @Sendable ([String]) -> (code: Int32, stdout: String, stderr: String)) {
        self.token = token
        self.run = run
    }

    /// Whether `header` is `Bearer <token>`, compared in constant time.
    func authorizes(_ header: String?) -> Bool {
        let expected = Array("Bearer \(token)".utf8)
        let given = Array((header ?? "").utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}

extension Router {
    /// The options each admin command takes from the JSON body (or, for history, the query).
    private static let adminOptions = [
        "publish": ["app", "channel", "message", "author"],
        "rollback": ["app", "to", "channel", "message", "author"],
        "history": ["app", "channel"],
    ]

    func adminCommand(_ request: HTTPRequest, _ command: String) throws(Problem) -> HTTPResponse {
        guard let admin else {
            throw Problem("admin-disabled", status: 404, title: "Not found",
                          detail: "admin routes are disabled: start the service with TOLLGATE_ADMIN_TOKEN set")
        }
        guard admin.authorizes(request.header("authorization")) else {
            throw Problem("unauthorized", status: 401, title: "Unauthorized",
                          detail: "send 'Authorization: Bearer <token>' with the service's admin token",
                          extra: [:])
        }
        var values: [String: String] = request.query
        if request.method == "POST" {
            for (key, value) in try JSONBody.object(request.body) {
                switch value {
                case .string(let text): values[key] = text
                case .number(let number) where number == number.rounded() && abs(number) < 1e15:
                    values[key] = String(Int(number))
                default: throw Problem.invalidInput("'\(key)' must be a string")
                }
            }
        }
        let allowed = Self.adminOptions[command] ?? []
        if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Problem.invalidInput("unknown field '\(unknown)'; \(command) takes \(allowed.joined(separator: ", "))")
        }
        var arguments = [command]
        for key in allowed {
            guard let value = values[key] else { continue }
            arguments += [key == "message" ? "-m" : "--\(key)", value]
        }
        if command == "history" { arguments += ["--format", "json"] }
        let result = admin.run(arguments)
        switch result.code {
        case 0:
            let body = command == "history"
                ? Array(result.stdout.utf8)
                : JSONBody.encode(["result": result.stdout.split(separator: "\n").map(String.init)])
            return JSONBody.response(body)
        case 1:
            throw Problem("policy-invalid", status: 422, title: "The policy has errors", detail: result.stderr)
        default:
            throw Problem("store-failed", status: 409, title: "The store refused", detail: result.stderr)
        }
    }
}
