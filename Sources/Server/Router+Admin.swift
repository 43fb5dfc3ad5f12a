import Foundation
import JSON
import TollgateEvaluation

/// The admin routes: publish, rollback and history over HTTP, for a bearer token.
package struct Admin: Sendable {
    /// The token `Authorization: Bearer` must carry, from `TOLLGATE_ADMIN_TOKEN`.
    let token: String
    /// Publishing on the service's store.
    let publishing: any AdminPublishing

    package init(token: String, publishing: any AdminPublishing) {
        self.token = token
        self.publishing = publishing
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
    var entry: AdminHistoryEntry?

    init(_ change: AdminChange, app: String, channel: String) {
        (self.app, self.channel) = (app, channel)
        (version, hash, changed, entry) = (change.version, change.hash, change.entry != nil, change.entry)
    }
}

extension Router {
    /// `POST /v1/admin/publish`: validates and publishes the policy and templates in the body, recorded
    /// at the request's time under the author it names.
    func adminPublish(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        let admin = try authorizedAdmin(request)
        let body = try AdminBody(request, fields: ["app", "policy", "templates", "channel", "message", "author"])
        let app = try body.name("app")
        let files = AdminFiles(app: app, policy: try body.string("policy"), templates: try body.templates())
        let channel = try body.optionalName("channel") ?? admin.publishing.defaultChannel
        let author = try body.author()
        let message = try body.optionalString("message") ?? ""
        let change: AdminChange
        do {
            change = try admin.publishing.publish(files, to: channel, author: author, message: message, at: now())
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
        let channel = try body.optionalName("channel") ?? admin.publishing.defaultChannel
        let author = try body.author()
        let message = try body.optionalString("message")
        let change: AdminChange
        do {
            change = try admin.publishing.rollback(app: app, to: reference, channel: channel, author: author,
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
        let entries: [AdminHistoryEntry]
        do {
            entries = try admin.publishing.history(app: request.query["app"], channel: request.query["channel"])
        } catch {
            throw Self.problem(error)
        }
        return JSONBody.response(JSONBody.encode(entries))
    }

    func authorizedAdmin(_ request: HTTPRequest) throws(Problem) -> Admin {
        guard let admin else {
            throw Problem(.adminDisabled, status: 404, title: "Not found",
                          detail: "admin routes are disabled: start the service with TOLLGATE_ADMIN_TOKEN set")
        }
        guard admin.authorizes(request.header("authorization")) else {
            throw Problem(.unauthorized, status: 401, title: "Unauthorized",
                          detail: "send 'Authorization: Bearer <token>' with the service's admin token")
        }
        return admin
    }

    /// The problem a publishing failure answers, chosen by its kind.
    static func problem(_ error: AdminError) -> Problem {
        switch error {
        case .unknownApp(let detail):
            Problem(.unknownApp, status: 404, title: "No such app", detail: detail)
        case .unknownVersion(let detail):
            Problem(.unknownVersion, status: 404, title: "No such version", detail: detail)
        case .ambiguousVersion(let detail):
            Problem(.ambiguousVersion, status: 400, title: "Ambiguous version", detail: detail)
        case .findings(let detail, let diagnostics):
            Problem(.policyInvalid, status: 422, title: "The policy has errors", detail: detail,
                    extra: Problem.Extra(diagnostics: diagnostics))
        case .cannotCompile(let detail):
            Problem(.policyInvalid, status: 422, title: "The policy has errors", detail: detail)
        case .refused(let detail, let conflicts):
            Problem(.storeRefused, status: 409, title: "The store refused the publish", detail: detail,
                    extra: Problem.Extra(diagnostics: conflicts))
        case .noStore:
            Problem(.noStore, status: 404, title: "No store",
                    detail: "nothing has been published to this service's store yet")
        case .storeFailed(let detail):
            Problem(.storeFailed, status: 500, title: "The store failed", detail: detail)
        }
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
