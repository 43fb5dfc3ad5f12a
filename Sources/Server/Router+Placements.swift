import Customers
import Diagnostics
import Foundation
import JSON
import TollgateEvaluation

/// Placements over HTTP (docs/http.md): which paywall, if any, a user sees at a moment in the app, and that
/// paywall rendered in the same call.
extension Router {
    /// The top-level keys of a placement's context: the evaluation input's and the user's.
    static let contextKeys = EvaluationInput.Member.allCases.map(\.rawValue) + [customerMember, environmentMember]

    /// The decision for the context in the body, with its trace.
    func resolve(_ request: HTTPRequest, app id: String, placement: String) throws(Problem) -> HTTPResponse {
        let app = try app(id)
        let resolved = try resolve(app, placement: placement, body: request.body)
        let response = JSONBody.response(Self.json(resolved.decision, app: app, trace: resolved.trace,
                                                   customer: resolved.customer))
        recordExposure(resolved.decision, app: app, user: resolved.user, at: resolved.time)
        return response
    }

    /// A decision's JSON, with the customer whose purchases it was judged on.
    private static func json(_ decision: PlacementDecision, app: AppService, trace: [String], customer: CustomerID?)
        -> [UInt8]
    {
        let json = decision.json(app: app.release.compiled.app, policy: app.release.compiled.hash, trace: trace)
        return customer.map { adding(customer: $0, to: json) } ?? json
    }

    /// The decision and, when it shows one, the chosen paywall rendered with the body's prices:
    /// `{"decision": …, "paywall": … or null}`.
    func placementPaywall(_ request: HTTPRequest, app id: String, placement: String) throws(Problem) -> HTTPResponse {
        let app = try app(id)
        let (decision, trace, customer, user, time) = try resolve(app, placement: placement, body: request.body)
        let prices = try priceSheet(request.body, otherKeys: Self.contextKeys)
        var body = Array(#"{"decision":"#.utf8)
        body += Self.json(decision, app: app, trace: trace, customer: customer)
        body += Array(#","paywall":"#.utf8)
        if let paywall = decision.paywall {
            body += try renderJSON(app, paywall: paywall, prices: prices)
        } else {
            body += Array("null".utf8)
        }
        body.append(UInt8(ascii: "}"))
        recordExposure(decision, app: app, user: user, at: time)
        return JSONBody.response(body)
    }

    /// The placement's decision for the context in `body`, judged at the context's `now` or else at the time
    /// evaluations use, with the context's user id and the request's time; 404 naming the app's placements when
    /// it has no such placement.
    private func resolve(_ app: AppService, placement: String, body: [UInt8]) throws(Problem)
        -> (decision: PlacementDecision, trace: [String], customer: CustomerID?, user: String?, time: Date)
    {
        let placements = app.release.compiled.bundle.placements.map(\.id)
        guard placements.contains(placement) else { throw Self.unknownPlacement(placement, app: app) }
        let members = try JSONBody.object(body)
        let input: EvaluationInput
        let byCustomer = try customerInput(members, app: app)
        if let byCustomer {
            input = byCustomer.input
        } else {
            do {
                input = try EvaluationInput(value: .object(members))
            } catch {
                throw Problem.invalidInput(error.message)
            }
        }
        let time = now()
        guard let (decision, trace) = app.evaluator.resolveExplained(placement: placement, context: input, now: time)
        else { throw Self.unknownPlacement(placement, app: app) }
        return (decision, trace, byCustomer?.customer, input.user.userID, time)
    }

    /// 404 for a placement the app does not have, listing the ones it has (also as `placements`).
    private static func unknownPlacement(_ placement: String, app: AppService) -> Problem {
        let placements = app.release.compiled.bundle.placements.map(\.id)
        let known = placements.isEmpty ? "it has no placements" : "its placements: \(placements.joined(separator: ", "))"
        return Problem(.notFound, status: 404, title: "Not found",
                       detail: "no placement '\(placement)' in app '\(app.release.compiled.app)' (\(known))"
                           + (Suggestion.didYouMean(placement, in: placements).map { "; \($0)" } ?? ""),
                       extra: Problem.Extra(placements: placements))
    }
}
