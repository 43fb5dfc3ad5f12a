import Customers
import Foundation
import JSON
import PolicyModel
import Rendering
import TollgateEvaluation

extension Router {
    /// The snapshot being served; 503 until the first policy loads.
    func snapshot() throws(Problem) -> ServiceSnapshot {
        guard let snapshot = holder.snapshot else {
            throw Problem(.notReady, status: 503, title: "Not ready", detail: "no valid policy has loaded yet")
        }
        return snapshot
    }

    /// The app `id` of the snapshot; 404 naming the apps served otherwise.
    func app(_ id: String) throws(Problem) -> AppService {
        let snapshot = try snapshot()
        guard let app = snapshot.apps[id] else { throw Self.noApp(id, in: snapshot) }
        return app
    }

    /// The 404 for an app `snapshot` does not have, naming those it has.
    static func noApp(_ id: String, in snapshot: ServiceSnapshot) -> Problem {
        Problem.notFound("no app '\(id)'; this service has \(snapshot.apps.keys.sorted().joined(separator: ", "))")
    }

    /// 200 once a policy loaded, 503 before; with a store, says whether it answers (`"store": "ok"`, or
    /// `"unreachable"` with `since` and `error`): a replica that lost its store stays ready on its last snapshot.
    func ready() throws(Problem) -> HTTPResponse {
        let store = holder.store
        if holder.snapshot == nil, case .unreachable(let since, let error) = store {
            throw Problem(.notReady, status: 503, title: "Not ready", detail: "waiting for the store: \(error)",
                          extra: Problem.Extra(since: Timestamp(since), store: "unreachable"))
        }
        let snapshot = try snapshot()
        return JSONBody.response(JSONBody.write { writer in
            writer.object { body in
                body.member("apps") { $0.integer(snapshot.apps.count) }
                if case .unreachable(_, let error) = store { body.member("error") { $0.string(error) } }
                if case .unreachable(let since, _) = store {
                    body.member("since") { $0.string(Timestamp(since).description) }
                }
                body.member("status") { $0.string("ready") }
                switch store {
                case .reachable: body.member("store") { $0.string("ok") }
                case .unreachable: body.member("store") { $0.string("unreachable") }
                case nil: break
                }
            }
        })
    }

    func apps() throws(Problem) -> HTTPResponse {
        let apps = try snapshot().apps.values.map(\.release).sorted { $0.compiled.app < $1.compiled.app }
        return JSONBody.response(JSONBody.write { writer in
            writer.object { body in
                body.member("apps") { list in
                    list.array(apps) { element, release in
                        element.object { entry in
                            entry.member("app") { $0.string(release.compiled.app) }
                            entry.member("policy") { $0.string(release.compiled.hash) }
                            if let version = release.version { entry.member("version") { $0.integer(version) } }
                        }
                    }
                }
            }
        })
    }

    /// The compiled bundle; `If-None-Match` with its ETag answers 304 (at once: `holdBundle` takes long polls).
    func bundle(_ request: HTTPRequest, app id: String) throws(Problem) -> HTTPResponse {
        let app = try app(id)
        if Self.matches(request.header("if-none-match"), app.etag) {
            return HTTPResponse(status: 304, headers: Self.bundleHeaders(app))
        }
        return JSONBody.response(app.bundle, headers: Self.bundleHeaders(app))
    }

    /// The longest `Prefer: wait` honoured, in seconds; a longer one is shortened to it.
    static let maxWait = 60

    static let bundleRoute = "/v1/apps/{app}/bundle"
    static let bundlePattern = RoutePattern(bundleRoute)

    /// A long poll, held until the app's bundle changes (200 with the new bundle, or 404 when the app is gone) or
    /// its wait passes (304): a GET of a bundle with `Prefer: wait=N` and an `If-None-Match` naming the bundle
    /// served. Nil for any other request, which `respond(to:)` answers at once.
    func holdBundle(_ request: HTTPRequest) -> DeferredResponse? {
        guard request.method == "GET", !request.bodyTooLarge,
              let wait = Self.preferredWait(request.header("prefer")), wait > 0,
              let id = Self.bundlePattern.match(request.path)?["app"],
              let app = holder.snapshot?.apps[id], Self.matches(request.header("if-none-match"), app.etag)
        else { return nil }
        let start = ContinuousClock.now
        let applied = (name: "Preference-Applied", value: "wait=\(wait)")
        let waiters = holder.waiters
        let ticket = waiters.ticket()
        let deferred = DeferredResponse(
            deadline: start + .seconds(wait),
            fallback: HTTPResponse(status: 304, headers: Self.bundleHeaders(app) + [applied])
        ) { [self] response in
            waiters.release(ticket, app: id)
            record(request, route: Self.bundleRoute, status: response.status, since: start)
        }
        waiters.hold(ticket, app: id, etag: app.etag, deferred: deferred) { snapshot in
            guard let changed = snapshot.apps[id] else {
                var response = Self.noApp(id, in: snapshot).response(path: request.path)
                response.headers.append(applied)
                return response
            }
            return JSONBody.response(changed.bundle, headers: Self.bundleHeaders(changed) + [applied])
        }
        return deferred
    }

    private static func bundleHeaders(_ app: AppService) -> [(name: String, value: String)] {
        [("ETag", app.etag), ("Cache-Control", "no-cache")]
    }

    /// The seconds of a `Prefer: wait=N` (RFC 7240), at most `maxWait`; nil without one. A malformed wait is
    /// ignored, as RFC 7240 says of preferences a server does not understand.
    static func preferredWait(_ prefer: String?) -> Int? {
        guard let prefer else { return nil }
        for preference in prefer.split(separator: ",") {
            // A preference is `token [= value]`, then `;`-separated parameters, which wait has none of.
            let main = preference.prefix { $0 != ";" }
            let parts = main.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "wait" else {
                continue
            }
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            guard !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                return nil
            }
            return min(Int(value) ?? maxWait, maxWait)
        }
        return nil
    }

    /// Whether an `If-None-Match` value names `etag` (or is `*`).
    static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }

    /// Evaluation (docs/evaluation.md): which features the entitlements unlock and whether ads may show.
    func evaluate(_ request: HTTPRequest, app id: String) throws(Problem) -> HTTPResponse {
        let app = try app(id)
        if let usual = UsualEvaluationBody(request.body) {
            guard let customer = usual.customer else {
                return JSONBody.response(app.evaluator.decisionJSON(usual.input, now: now()))
            }
            return decision(try customerInput(usual.input, customer: customer,
                                              environment: usual.environment.map(JSONValue.string), app: app),
                            app: app)
        }
        guard !request.body.isEmpty else { throw Problem.invalidJSON("the body is empty; send a JSON object") }
        let value: JSONValue
        do {
            value = try JSONValue(reading: request.body)
        } catch {
            throw Problem.invalidJSON(error.description)
        }
        if case .object(let members) = value, let byCustomer = try customerInput(members, app: app) {
            return decision(byCustomer, app: app)
        }
        do {
            return JSONBody.response(app.evaluator.decisionJSON(try EvaluationInput(value: value), now: now()))
        } catch {
            throw Problem.invalidInput(error.message)
        }
    }

    /// The answer to an evaluation by customer: the decision, naming the customer.
    private func decision(_ byCustomer: (input: EvaluationInput, customer: CustomerID), app: AppService) -> HTTPResponse {
        let decision = app.evaluator.decisionJSON(byCustomer.input, now: now())
        return JSONBody.response(Self.adding(customer: byCustomer.customer, to: decision))
    }

    /// The paywall in the request's locale with the request's prices (the prices input of docs/templates.md plus `locale`).
    func render(_ request: HTTPRequest, app id: String, paywall: String) throws(Problem) -> HTTPResponse {
        let app = try app(id)
        _ = try JSONBody.object(request.body)
        let prices = try priceSheet(request.body)
        return JSONBody.response(try renderJSON(app, paywall: paywall, prices: prices))
    }

    /// The prices input of a JSON body; `otherKeys` are top-level keys another reader of the body owns.
    func priceSheet(_ body: [UInt8], otherKeys: [String] = []) throws(Problem) -> PriceSheet {
        switch prices(body, otherKeys) {
        case .success(let prices): return prices
        case .failure(let invalid): throw Problem.invalidInput("the prices are not valid", errors: invalid.mistakes)
        }
    }

    /// The render route's JSON for `paywall` with `prices`, in their locale or else the app's default one.
    func renderJSON(_ app: AppService, paywall: String, prices: PriceSheet) throws(Problem) -> [UInt8] {
        let locale = prices.locale?.value ?? app.release.sources.policy.app.defaultLocale.value
        let page = try render(app, paywall: paywall, locale: locale, prices: prices)
        return Array(PaywallJSONFormat().render(page).utf8)
    }

    /// The paywall as an HTML page with the policy's reference prices, for previews.
    func preview(_ request: HTTPRequest, app id: String, paywall: String) throws(Problem) -> HTTPResponse {
        let app = try app(id)
        let policy = app.release.sources.policy
        guard let currency = request.query["currency"] ?? policy.referenceCurrency else {
            throw Problem.invalidInput("the policy has no reference prices to preview with")
        }
        let page = try render(app, paywall: paywall, locale: request.query["locale"] ?? policy.app.defaultLocale.value,
                              prices: policy.referencePriceSheet(currency: currency))
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
                            body: Array(PaywallHTMLFormat().render(page).utf8))
    }

    private func render(_ app: AppService, paywall: String, locale: String, prices: PriceSheet) throws(Problem)
        -> RenderedPaywall
    {
        do {
            let resolution = try app.renderer.resolve(paywall: paywall, locale: locale)
            let formats: LocaleFormats
            do {
                formats = try app.formats(locale: resolution.formatLocale, currency: prices.currency.value)
            } catch {
                throw Problem.invalidInput(error.description)
            }
            return try app.renderer.render(paywall: paywall, resolution: resolution, formats: formats, prices: prices)
        } catch let error as RenderError {
            let known = app.release.sources.policy.paywalls.contains { $0.id.value == paywall }
            throw known ? Problem.invalidInput(error.description) : Problem.notFound(
                error.description + (error.help.map { "; \($0)" } ?? ""))
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem.invalidInput("\(error)")
        }
    }
}
