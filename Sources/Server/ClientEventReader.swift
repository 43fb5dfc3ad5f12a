import Customers
import Foundation
import JSON
import PolicyModel
import TollgateEvaluation

/// Reads the events of one `POST /v1/apps/{app}/events` body, each checked on its own against the policy served:
/// an exposure must name a running experiment, one of its variants, and the variant assignment gives the user
/// under the experiment's current seed and weights; a purchase must carry a transaction, a price and a currency.
struct ClientEventReader {
    let app: String
    let bundle: PolicyBundle
    let policyHash: String
    /// Events later than this are refused as from the future.
    let latest: Timestamp

    /// The accepted events in order, and the rejected ones with their index.
    func read(_ events: [JSONValue]) -> (accepted: [ClientEvent], rejected: [(index: Int, failure: Failure)]) {
        var accepted: [ClientEvent] = []
        var rejected: [(index: Int, failure: Failure)] = []
        for (index, value) in events.enumerated() {
            switch event(value) {
            case .success(let event): accepted.append(event)
            case .failure(let failure):
                rejected.append((index, failure))
            }
        }
        return (accepted, rejected)
    }

    /// Why one event was refused: `unknown-experiment`, `unknown-variant`, `wrong-variant` or `invalid-event`,
    /// and what is wrong.
    struct Failure: Error {
        var reason: String
        var detail: String?

        static func invalid(_ detail: String) -> Failure { Failure(reason: "invalid-event", detail: detail) }
    }

    private func event(_ value: JSONValue) -> Result<ClientEvent, Failure> {
        guard case .object(let members) = value else { return .failure(.invalid("an event must be an object")) }
        do throws(Failure) {
            switch try text("type", members) {
            case "exposure": return .success(.exposure(try exposure(members)))
            case "track": return .success(.purchase(try purchase(members)))
            case let type: throw .invalid("unknown type '\(type.prefix(64))'; an event is an 'exposure' or a 'track'")
            }
        } catch {
            return .failure(error)
        }
    }

    private func exposure(_ members: [String: JSONValue]) throws(Failure) -> ExposureEvent {
        try only(["type", "experiment", "variant", "user_id", "time"], members)
        let id = try text("experiment", members)
        guard let experiment = bundle.experiments.first(where: { $0.id == id }) else {
            throw Failure(reason: "unknown-experiment", detail: "no experiment '\(id.prefix(64))' in app '\(app)'")
        }
        let variant = try text("variant", members)
        guard experiment.variants.contains(where: { $0.id == variant }) else {
            throw Failure(reason: "unknown-variant",
                          detail: "experiment '\(id)' has no variant '\(variant.prefix(64))'")
        }
        let user = try userID(members)
        guard experiment.status == .running else {
            throw .invalid("experiment '\(id)' is \(experiment.status.rawValue); only running experiments expose users")
        }
        let assigned = experiment.assignedVariant(userID: user)
        guard assigned == variant else {
            throw Failure(reason: "wrong-variant", detail: "under the experiment's current seed and weights, "
                              + "this user is in '\(assigned ?? "none")'")
        }
        return ExposureEvent(app: app, experiment: id, seed: experiment.seed, variant: variant, userID: user,
                             time: try time(members), policyHash: policyHash)
    }

    private func purchase(_ members: [String: JSONValue]) throws(Failure) -> PurchaseEvent {
        try only(["type", "name", "user_id", "time", "product", "value", "currency", "transaction"], members)
        let name = try text("name", members)
        guard name == "purchase" else { throw .invalid("a track event records 'purchase', not '\(name.prefix(64))'") }
        let product: String?
        switch members["product"] {
        case nil, .null?: product = nil
        case .string(let id)?:
            guard bundle.products.contains(where: { $0.id == id }) else {
                throw .invalid("no product '\(id.prefix(64))' in app '\(app)'")
            }
            product = id
        default: throw .invalid("'product' must be a string")
        }
        let currency = try text("currency", members)
        guard CurrencyCode.isWellFormed(currency) else { throw .invalid("'currency' must be an ISO 4217 code such as USD") }
        let transaction = try text("transaction", members)
        guard transaction.utf8.count <= 256 else { throw .invalid("'transaction' is longer than 256 bytes") }
        return PurchaseEvent(app: app, userID: try userID(members), time: try time(members), product: product,
                             value: try Self.price(members["value"]), currency: currency, transaction: transaction)
    }

    /// A price as decimal text: a non-negative number (or its text) written as policy amounts are, with at most
    /// 6 decimals and 15 digits.
    static func price(_ value: JSONValue?) throws(Failure) -> String {
        let text: String
        switch value {
        case .string(let given)?: text = given
        case .number(let number)? where number.isFinite: text = number == number.rounded() && abs(number) < 1e15
            ? String(Int64(number)) : String(number)
        default: throw .invalid("'value' must be the price, a number or decimal text such as \"4.99\"")
        }
        guard let decimals = Decimal.fractionDigits(ofPolicyAmount: text), decimals <= 6,
              text.utf8.count - (decimals > 0 ? 1 : 0) <= 15
        else { throw .invalid("'value' must be a price of at most 15 digits and 6 decimals, not below 0") }
        return text
    }

    private func only(_ names: Set<String>, _ members: [String: JSONValue]) throws(Failure) {
        if let unknown = members.keys.filter({ !names.contains($0) }).sorted().first {
            throw .invalid("unknown member '\(unknown.prefix(64))'")
        }
    }

    private func text(_ name: String, _ members: [String: JSONValue]) throws(Failure) -> String {
        guard case .string(let text)? = members[name], !text.isEmpty else {
            throw .invalid("'\(name)' must be a non-empty string")
        }
        return text
    }

    /// The user id, by the rules of customer ids (the customer is the user an evaluation by customer buckets).
    private func userID(_ members: [String: JSONValue]) throws(Failure) -> String {
        let user = try text("user_id", members)
        do throws(CustomerIDError) {
            return try CustomerID(user).text
        } catch {
            throw .invalid("'user_id': \(error)")
        }
    }

    private func time(_ members: [String: JSONValue]) throws(Failure) -> Timestamp {
        guard let given = try? text("time", members), let time = Timestamp(given) else {
            throw .invalid("'time' must be an ISO 8601 time such as 2026-12-01T09:00:00Z")
        }
        guard time <= latest else { throw .invalid("'time' is in the future") }
        return time
    }
}
