import Foundation
import TollgateEvaluation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BundleFetcher {
    /// What the service did with a batch of events.
    enum EventsOutcome: Sendable {
        /// A 2xx: `accepted` events taken, `rejected` refused one by one.
        case taken(accepted: Int, rejected: Int)
        /// No answer, a 5xx or a 429: the batch is worth sending again later.
        case retry(TollgateClientError)
        /// Any other answer: sending the batch again would be refused again.
        case refused(TollgateClientError)
    }

    /// `POST /v1/apps/{app}/events` with `exposures` as `{"events": [{"type": "exposure", "experiment", "variant",
    /// "user_id", "time"}, …]}`.
    func postEvents(_ exposures: [ClientExposure]) async -> EventsOutcome {
        struct Event: Encodable {
            var type = "exposure"
            var experiment: String
            var variant: String
            var userID: String
            var time: Timestamp

            enum CodingKeys: String, CodingKey {
                case type, experiment, variant, time
                case userID = "user_id"
            }
        }
        struct Body: Encodable {
            var events: [Event]
        }
        struct Answer: Decodable {
            struct Rejection: Decodable {}
            var accepted: Int
            var rejected: [Rejection]
        }
        let events = exposures.map { exposure in
            Event(experiment: exposure.experiment, variant: exposure.variant, userID: exposure.user, time: exposure.time)
        }
        var request = URLRequest(url: address("v1", "apps", configuration.app, "events"))
        request.httpMethod = "POST"
        request.httpBody = Self.encoded(Body(events: events))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.timeoutInterval = 30
        let body: Data
        let response: HTTPURLResponse
        do throws(TollgateClientError) {
            (body, response) = try await send(request)
        } catch {
            return .retry(error)
        }
        switch response.statusCode {
        case 200..<300:
            guard let answer = try? JSONDecoder().decode(Answer.self, from: body) else {
                return .taken(accepted: exposures.count, rejected: 0)
            }
            return .taken(accepted: answer.accepted, rejected: answer.rejected.count)
        case 429, 500..<600:
            return .retry(Self.refusal(status: response.statusCode, body: body))
        default:
            return .refused(Self.refusal(status: response.statusCode, body: body))
        }
    }
}
