import Customers
import Foundation
import JSON
import TollgateEvaluation

/// The OpenFeature Remote Evaluation Protocol (OFREP): each feature is a boolean flag
/// named by its id, each ad placement a boolean flag `ads.<placement>`, each placement a string flag
/// `placement.<id>` whose value is the paywall shown (`""` for none). The evaluation context carries
/// `app`, `entitlements` (objects as in the evaluation input, or product ids), `synced`, `consent`, `now`, and
/// the user's keys placements read (`user_id`, which defaults to `targetingKey`, `storefront`, `locale`,
/// `platform`, `app_version`, `install_date`, `attributes`).
extension Router {
    /// An OFREP request's app, evaluation input, time and evaluation decision.
    struct OFREPEvaluation {
        var app: AppService
        var input: EvaluationInput
        var now: Date
        var decision: Decision
    }

    /// The context keys passed on to the evaluation input as they are: all of its members but `entitlements`, which
    /// may also be product ids, and `currency`.
    static let ofrepInputKeys = Set(EvaluationInput.Member.allCases.filter { $0 != .entitlements && $0 != .currency }
        .map(\.rawValue))

    /// An OFREP failure: the protocol's error code, its HTTP status, and details in words.
    struct OFREPError: Error {
        /// The protocol's error codes.
        enum Code: String {
            case parseError = "PARSE_ERROR"
            case targetingKeyMissing = "TARGETING_KEY_MISSING"
            case invalidContext = "INVALID_CONTEXT"
            case flagNotFound = "FLAG_NOT_FOUND"
            case general = "GENERAL"
        }

        var code: Code
        var status: Int
        var details: String

        init(code: Code, status: Int, details: String) {
            self.code = code
            self.status = status
            self.details = details
        }

        /// A problem found before the handler ran, in the protocol's terms: a body that is too large, not JSON
        /// or malformed is 400 `PARSE_ERROR`; a wrong method stays 405 (the protocol has no status for it).
        init(_ problem: Problem) {
            switch problem.status {
            case 405: self.init(code: .general, status: 405, details: problem.detail)
            case 500...: self.init(code: .general, status: problem.status, details: problem.detail)
            default: self.init(code: .parseError, status: 400, details: problem.detail)
            }
        }

        /// The protocol's error body, with the flag's `key` when the route names one.
        func response(key: String?) -> HTTPResponse {
            JSONBody.response(JSONBody.write { writer in
                writer.object { body in
                    body.member("errorCode") { $0.string(code.rawValue) }
                    body.member("errorDetails") { $0.string(details) }
                    if let key { body.member("key") { $0.string(key) } }
                }
            }, status: status)
        }
    }

    /// How the OFREP routes answer a problem found before their handler runs (wrong method, content type or body
    /// size): as an OFREP error, keyed on the single-flag route.
    static func ofrepFailure(_ problem: Problem, _ request: HTTPRequest, _ parameters: [String: String])
        -> HTTPResponse
    {
        OFREPError(problem).response(key: parameters["key"])
    }

    func ofrepFlag(_ request: HTTPRequest, key: String) -> HTTPResponse {
        do throws(OFREPError) {
            let evaluation = try ofrepEvaluation(request)
            guard let flag = flag(key, evaluation) else {
                return OFREPError(code: .flagNotFound, status: 404, details:
                    "app '\(evaluation.app.release.compiled.app)' has no feature or placement flag '\(key)'")
                    .response(key: key)
            }
            return JSONBody.response(JSONBody.write { flag.write(into: &$0) })
        } catch {
            return error.response(key: key)
        }
    }

    /// Every flag of the app; `If-None-Match` with the answer's ETag answers 304.
    func ofrepBulk(_ request: HTTPRequest) -> HTTPResponse {
        do throws(OFREPError) {
            let evaluation = try ofrepEvaluation(request)
            let app = evaluation.app
            let bundle = app.release.compiled.bundle
            let keys = bundle.features.map(\.id) + bundle.ads.placements.map { "ads.\($0)" }
                + bundle.placements.map { "placement.\($0.id)" }
            let flags = keys.compactMap { flag($0, evaluation) }
            let body = JSONBody.write(capacity: 1024) { writer in
                writer.object { members in
                    members.member("flags") { $0.array(flags) { element, flag in flag.write(into: &element) } }
                    members.member("metadata") { metadata in
                        metadata.object { object in
                            object.member("app") { $0.string(app.release.compiled.app) }
                            object.member("policy") { $0.string(app.release.compiled.hash) }
                        }
                    }
                }
            }
            let etag = "\"\(SHA256.hex(body).prefix(32))\""
            let headers = [("ETag", etag), ("Cache-Control", "no-cache")]
            if Self.matches(request.header("if-none-match"), etag) { return HTTPResponse(status: 304, headers: headers) }
            return JSONBody.response(body, headers: headers)
        } catch {
            return error.response(key: nil)
        }
    }

    /// The app the context names (or the only one served), the context as an evaluation input, and its decision.
    private func ofrepEvaluation(_ request: HTTPRequest) throws(OFREPError) -> OFREPEvaluation {
        let body: [String: JSONValue]
        do {
            body = try JSONBody.object(request.body)
        } catch {
            throw OFREPError(error)
        }
        // The Python provider sends `{}` when there is no context: an empty context.
        var context: [String: JSONValue] = [:]
        switch body["context"] {
        case nil: break
        case .object(let members)?: context = members
        default: throw OFREPError(code: .invalidContext, status: 400, details: "'context' must be an object")
        }
        if let key = context["targetingKey"], key.string?.isEmpty != false {
            throw OFREPError(code: .targetingKeyMissing, status: 400,
                             details: "'targetingKey' must be a non-empty string when given")
        }
        guard let snapshot = holder.snapshot else {
            throw OFREPError(code: .general, status: 500, details: "no valid policy has loaded yet")
        }
        let app: AppService
        switch context["app"] {
        case .string(let id)?:
            guard let named = snapshot.apps[id] else {
                throw OFREPError(code: .invalidContext, status: 400,
                                 details: "no app '\(id)'; this service has \(snapshot.apps.keys.sorted().joined(separator: ", "))")
            }
            app = named
        case nil where snapshot.apps.count == 1:
            app = snapshot.apps.values.first!
        default:
            throw OFREPError(code: .invalidContext, status: 400, details: "the context needs 'app', one of "
                             + snapshot.apps.keys.sorted().joined(separator: ", "))
        }
        var input = context.filter { Self.ofrepInputKeys.contains($0.key) }
        let userID = EvaluationInput.Member.userID.rawValue
        if input[userID] ?? .null == .null, let key = context["targetingKey"] { input[userID] = key }
        let entitlementsKey = EvaluationInput.Member.entitlements.rawValue
        if let entitlements = context[entitlementsKey] {
            guard case .array(let list) = entitlements else {
                throw OFREPError(code: .invalidContext, status: 400, details: "'entitlements' must be a list")
            }
            input[entitlementsKey] = .array(list.map { entry in
                guard case .string = entry else { return entry }
                return .object([
                    EvaluationInput.EntitlementMember.product.rawValue: entry,
                    EvaluationInput.EntitlementMember.state.rawValue: .string(EntitlementState.active.rawValue),
                ])
            })
        }
        var evaluation: EvaluationInput
        do {
            evaluation = try EvaluationInput(value: .object(input))
        } catch {
            throw OFREPError(code: .invalidContext, status: 400, details: error.message)
        }
        // A context is free-form: a targetingKey that is no customer id has bought nothing, and only
        // `"environment": "sandbox"` chooses sandbox purchases.
        if context[entitlementsKey] == nil, customers != nil, case .string(let key)? = context["targetingKey"] {
            let environment: StoreEnvironment = context[Self.environmentMember] == .string("sandbox") ? .sandbox : .production
            let time = evaluation.now ?? now()
            if let customer = try? CustomerID(key) {
                do throws(Problem) {
                    evaluation.entitlements = try customerEntitlements(customer, environment: environment, app: app,
                                                                       at: time)
                } catch {
                    throw OFREPError(error)
                }
            }
            evaluation.synced = true
        }
        let now = self.now()
        return OFREPEvaluation(app: app, input: evaluation, now: now, decision: app.evaluator.evaluate(evaluation, now: now))
    }

    /// One flag's answer: its key, value, reason and variant, and the app, policy, audience and experiment behind it.
    struct Flag {
        enum Value {
            case bool(Bool)
            case string(String)
        }

        var key: String
        var value: Value
        var reason: String
        var variant: String
        var app: String
        var policy: String
        var audience: String?
        var experiment: String?

        /// The flag as OFREP's JSON object.
        func write(into writer: inout JSONWriter) {
            writer.object { members in
                members.member("key") { $0.string(key) }
                members.member("metadata") { metadata in
                    metadata.object { object in
                        object.member("app") { $0.string(app) }
                        if let audience { object.member("audience") { $0.string(audience) } }
                        if let experiment { object.member("experiment") { $0.string(experiment) } }
                        object.member("policy") { $0.string(policy) }
                    }
                }
                members.member("reason") { $0.string(reason) }
                members.member("value") { writer in
                    switch value {
                    case .bool(let bool): writer.bool(bool)
                    case .string(let text): writer.string(text)
                    }
                }
                members.member("variant") { $0.string(variant) }
            }
        }
    }

    /// One flag's evaluation: a placement's, or a boolean's with `TARGETING_MATCH` where entitlements decide it,
    /// `STATIC` where every user gets the same answer.
    private func flag(_ key: String, _ evaluation: OFREPEvaluation) -> Flag? {
        if key.hasPrefix("placement."), let flag = placementFlag(key, evaluation) { return flag }
        let (app, decision) = (evaluation.app, evaluation.decision)
        let value: Bool
        let isStatic: Bool
        let bundle = app.release.compiled.bundle
        if key.hasPrefix("ads."), let enabled = decision.ads.placements[String(key.dropFirst(4))] {
            value = enabled
            isStatic = !bundle.tiers.contains { $0.adFree } && !bundle.ads.hideUntilSynced && !bundle.ads.requireConsent
        } else if let unlocked = decision.features[key] {
            value = unlocked
            let free = bundle.tiers.first { $0.id == CompiledPolicy.freeTier }.map { [$0.id] + $0.includes }
                ?? [CompiledPolicy.freeTier]
            isStatic = bundle.features.first { $0.id == key }.map { free.contains($0.tier) } ?? false
        } else {
            return nil
        }
        return Flag(key: key, value: .bool(value), reason: isStatic ? "STATIC" : "TARGETING_MATCH",
                    variant: value ? "on" : "off", app: decision.app, policy: decision.policy)
    }

    /// A placement's flag: the paywall id or `""`, the experiment's variant or else the audience (`""` when no
    /// audience matched), the decision's reason, and `audience` and `experiment` in the metadata when they apply.
    /// A split is recorded as the user's exposure.
    private func placementFlag(_ key: String, _ evaluation: OFREPEvaluation) -> Flag? {
        guard let decision = evaluation.app.evaluator.resolve(placement: String(key.dropFirst("placement.".count)),
                                                              context: evaluation.input, now: evaluation.now) else {
            return nil
        }
        recordExposure(decision, app: evaluation.app, user: evaluation.input.user.userID, at: evaluation.now)
        return Flag(key: key, value: .string(decision.paywall ?? ""), reason: decision.reason.rawValue,
                    variant: decision.variant ?? decision.audience ?? "", app: evaluation.app.release.compiled.app,
                    policy: evaluation.app.release.compiled.hash, audience: decision.audience,
                    experiment: decision.experiment)
    }
}
