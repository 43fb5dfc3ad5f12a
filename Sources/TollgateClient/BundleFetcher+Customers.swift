import Foundation
import TollgateEvaluation

extension BundleFetcher {
    /// `POST /v1/apps/{app}/customers/{customer}/transactions` with a StoreKit 2 signed transaction; the customer
    /// document the service answers.
    func postTransaction(_ jwsRepresentation: String, customer: String) async throws(TollgateClientError)
        -> CustomerStatus
    {
        struct Body: Encodable {
            var signedTransaction: String

            enum CodingKeys: String, CodingKey {
                case signedTransaction = "signed_transaction"
            }
        }
        let answer = try await post(Self.encoded(Body(signedTransaction: jwsRepresentation)),
                                    to: address("v1", "apps", configuration.app, "customers", customer, "transactions"))
        return try Self.decoded(CustomerStatus.self, from: answer)
    }

    /// `POST /v1/apps/{app}/evaluate` for `customer`'s purchases in `environment`: the service's decision.
    func evaluate(customer: String, environment: CustomerEnvironment, consent: Consent,
                  now: Date?) async throws(TollgateClientError) -> Decision
    {
        /// The input; what is left at its default is not sent.
        struct Body: Encodable {
            var customer: String
            var environment: CustomerEnvironment?
            var consent: Consent?
            var now: Timestamp?
        }
        let body = Body(customer: customer, environment: environment == .production ? nil : environment,
                        consent: consent == .unknown ? nil : consent, now: now.map(Timestamp.init))
        let answer = try await post(Self.encoded(body), to: address("v1", "apps", configuration.app, "evaluate"))
        return try Self.decoded(Decision.self, from: answer)
    }

    /// `body` as compact JSON with sorted keys.
    static func encoded(_ body: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(body)
        } catch {
            preconditionFailure("a request body of strings always encodes: \(error)")
        }
    }

    /// The `type` document in a 200's `body`; `invalidAnswer` when it is not one. Times are ISO 8601 in UTC.
    private static func decoded<Document: Decodable>(_ type: Document.Type,
                                                     from body: Data) throws(TollgateClientError) -> Document {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in try Timestamp(from: decoder).date }
        do {
            return try decoder.decode(type, from: body)
        } catch {
            throw .invalidAnswer(reason(error))
        }
    }

    /// What a decoding error says, in one line that names where in the document it is.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return error.localizedDescription }
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the document" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
