import Diagnostics
import Foundation
import JSON
package import Publishing
package import Store

/// The admin routes: publish, rollback and history over HTTP, for a bearer token.
package struct Admin: Sendable {
    /// The token `Authorization: Bearer` must carry, from `TOLLGATE_ADMIN_TOKEN`.
    let token: String
    /// Opens publishing on the service's store, in a mode, for one request.
    let publisher: @Sendable (StoreMode) throws(StoreError) -> Publisher

    package init(token: String, publisher: @escaping @Sendable (StoreMode) throws(StoreError) -> Publisher) {
        self.token = token
        self.publisher = publisher
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

/// What a publish or rollback answers: the channel's snapshot, whether it changed, and the history
/// entry written when it did.
struct ChannelAnswer: Encodable {
    var app: String
    var channel: String
    var version: Int
    var hash: String
    var changed: Bool
    var entry: HistoryEntry?

    init(_ change: ChannelChange, app: String, channel: String) {
        (self.app, self.channel) = (app, channel)
        switch change {
        case .changed(let entry):
            (version, hash, changed, self.entry) = (entry.version, entry.hash, true, entry)
        case .alreadyActive(let version, let hash):
            (self.version, self.hash, changed, entry) = (version, hash, false, nil)
        }
    }
}

extension Router {
    /// `POST /v1/admin/publish`: validates and publishes the policy and templates in the body, recorded
    /// at the request's time under the author it names.
    func adminPublish(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        let admin = try authorizedAdmin(request)
        let body = try AdminBody(request, fields: ["app", "policy", "templates", "channel", "message", "author"])
        let app = try body.name("app")
        let files = AppFiles(app: app, policy: Array(try body.string("policy").utf8),
                             templates: try body.templates().mapValues { Array($0.utf8) })
        let channel = try body.optionalName("channel") ?? Publisher.defaultChannel
        let author = try body.author()
        let message = try body.optionalString("message") ?? ""
        let publisher = try open(admin, mode: .create)
        let change: ChannelChange
        do {
            change = try publisher.publish(files, to: channel, author: author, message: message, at: now())
        } catch {
            throw Self.problem(error)
        }
        return JSONBody.response(JSONBody.encode(ChannelAnswer(change, app: app, channel: channel)))
    }

    /// `POST /v1/admin/rollback`: points a channel back at a published version.
    func adminRollback(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        let admin = try authorizedAdmin(request)
        let body = try AdminBody(request, fields: ["app", "to", "channel", "message", "author"])
        let app = try body.name("app")
        let reference = try body.reference("to")
        let channel = try body.optionalName("channel") ?? Publisher.defaultChannel
        let author = try body.author()
        let message = try body.optionalString("message")
        let publisher = try open(admin, mode: .write)
        let change: ChannelChange
        do {
            change = try publisher.rollback(app: app, to: reference, channel: channel, author: author,
                                            message: message, at: now())
        } catch {
            throw Self.problem(error)
        }
        return JSONBody.response(JSONBody.encode(ChannelAnswer(change, app: app, channel: channel)))
    }

    /// `GET /v1/admin/history?app=…&channel=…`: publishes and rollbacks, newest first; none before the
    /// first publish.
    func adminHistory(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        let admin = try authorizedAdmin(request)
        if let unknown = request.query.keys.sorted().first(where: { !["app", "channel"].contains($0) }) {
            throw Problem.invalidInput("unknown query parameter '\(unknown)'; history takes app, channel")
        }
        let publisher: Publisher
        do {
            publisher = try admin.publisher(.read)
        } catch {
            guard case .missing = error else { throw Self.problem(.store(error)) }
            return JSONBody.response(JSONBody.encode([HistoryEntry]()))
        }
        let entries: [HistoryEntry]
        do {
            entries = try publisher.history(app: request.query["app"], channel: request.query["channel"])
        } catch {
            throw Self.problem(error)
        }
        return JSONBody.response(JSONBody.encode(entries))
    }

    private func authorizedAdmin(_ request: HTTPRequest) throws(Problem) -> Admin {
        guard let admin else {
            throw Problem("admin-disabled", status: 404, title: "Not found",
                          detail: "admin routes are disabled: start the service with TOLLGATE_ADMIN_TOKEN set")
        }
        guard admin.authorizes(request.header("authorization")) else {
            throw Problem("unauthorized", status: 401, title: "Unauthorized",
                          detail: "send 'Authorization: Bearer <token>' with the service's admin token")
        }
        return admin
    }

    /// Publishing on the service's store, opened in `mode`.
    private func open(_ admin: Admin, mode: StoreMode) throws(Problem) -> Publisher {
        do {
            return try admin.publisher(mode)
        } catch {
            throw Self.problem(.store(error))
        }
    }

    /// The problem a publishing failure answers, chosen by its kind.
    static func problem(_ error: PublishingError) -> Problem {
        switch error {
        case .unknownApp:
            return Problem("unknown-app", status: 404, title: "No such app", detail: error.description)
        case .unknownVersion:
            return Problem("unknown-version", status: 404, title: "No such version", detail: error.description)
        case .ambiguousVersion:
            return Problem("ambiguous-version", status: 400, title: "Ambiguous version", detail: error.description)
        case .findings(let diagnostics):
            return Problem("policy-invalid", status: 422, title: "The policy has errors", detail: error.description,
                           extra: ["diagnostics": findingsJSON(diagnostics)])
        case .cannotCompile:
            return Problem("policy-invalid", status: 422, title: "The policy has errors", detail: error.description)
        case .refused(_, let conflicts):
            return Problem("store-refused", status: 409, title: "The store refused the publish",
                           detail: error.description, extra: ["diagnostics": findingsJSON(conflicts)])
        case .store(.missing):
            return Problem("no-store", status: 404, title: "No store",
                           detail: "nothing has been published to this service's store yet")
        case .store:
            return Problem("store-failed", status: 500, title: "The store failed", detail: error.description)
        }
    }

    /// Findings in the shape `tollgate validate --format json` writes them.
    private static func findingsJSON(_ diagnostics: [Diagnostic]) -> JSONValue {
        (try? JSONValue(reading: JSONBody.encode(diagnostics.map(JSONFormat.Finding.init)))) ?? .array([])
    }
}

/// The members of an admin request's JSON body, read by name with a 400 for a wrong kind.
private struct AdminBody {
    let members: [String: JSONValue]

    /// The body's object; a member not in `fields` is refused.
    init(_ request: HTTPRequest, fields: [String]) throws(Problem) {
        members = try JSONBody.object(request.body)
        if let unknown = members.keys.sorted().first(where: { !fields.contains($0) }) {
            throw Problem.invalidInput("unknown field '\(unknown)'; send \(fields.joined(separator: ", "))")
        }
    }

    func optionalString(_ key: String) throws(Problem) -> String? {
        switch members[key] {
        case nil: return nil
        case .string(let text)?: return text
        case let other?: throw Problem.invalidInput("'\(key)' must be a string, not \(other.kind)")
        }
    }

    func string(_ key: String) throws(Problem) -> String {
        guard let text = try optionalString(key) else { throw Problem.invalidInput("'\(key)' is required") }
        return text
    }

    /// A name that becomes part of a file path or a channel: not empty, no `/`, not starting with `.`.
    func optionalName(_ key: String) throws(Problem) -> String? {
        guard let name = try optionalString(key) else { return nil }
        guard Self.isName(name) else {
            throw Problem.invalidInput("'\(key)' must be a name without '/' that does not start with '.', not '\(name)'")
        }
        return name
    }

    func name(_ key: String) throws(Problem) -> String {
        guard let name = try optionalName(key) else { throw Problem.invalidInput("'\(key)' is required") }
        return name
    }

    /// Who publishes; the history records it, and the service knows no one else to name.
    func author() throws(Problem) -> String {
        guard let author = try optionalString("author"), !author.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Problem.invalidInput("'author' is required: the history records who made each change")
        }
        return author
    }

    /// A version number or a hash prefix: a string, or a whole number.
    func reference(_ key: String) throws(Problem) -> String {
        switch members[key] {
        case .number(let number)? where number == number.rounded() && abs(number) < 1e15: return String(Int(number))
        case .string(let text)?:
            guard !text.isEmpty else {
                throw Problem.invalidInput("'\(key)' is empty; give a version number or a prefix of a hash")
            }
            return text
        case nil: throw Problem.invalidInput("'\(key)' is required: a version number or a prefix of a hash")
        case let other?:
            throw Problem.invalidInput("'\(key)' must be a version number or a prefix of a hash, not \(other.kind)")
        }
    }

    /// The template texts by locale.
    func templates() throws(Problem) -> [String: String] {
        guard let value = members["templates"] else { return [:] }
        guard case .object(let entries) = value else {
            throw Problem.invalidInput("'templates' must be an object of template texts by locale, not \(value.kind)")
        }
        var templates: [String: String] = [:]
        for (locale, text) in entries {
            guard Self.isName(locale) else {
                throw Problem.invalidInput("'templates' has the key '\(locale)', which is not a locale such as 'en'")
            }
            guard case .string(let text) = text else {
                throw Problem.invalidInput("'templates.\(locale)' must be the template's YAML text, not \(text.kind)")
            }
            templates[locale] = text
        }
        return templates
    }

    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && !text.contains("/") && !text.contains("\\")
    }
}
