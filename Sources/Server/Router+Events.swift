import JSON
import TollgateEvaluation

/// `POST /v1/apps/{app}/events` (docs/http.md): exposures and purchases from apps that resolve on device.
extension Router {
    static let eventsRoute = "/v1/apps/{app}/events"
    static let eventsPattern = RoutePattern(eventsRoute)
    /// The largest events body accepted.
    static let maxEventsBodyBytes = 1024 * 1024
    /// The most events one request may carry.
    static let maxEvents = 1000

    package func bodyLimit(path: String) -> Int? {
        Self.eventsPattern.match(path) == nil ? nil : Self.maxEventsBodyBytes
    }

    /// `{"events": [...]}` → 202 `{"accepted": N, "rejected": [{"index", "reason", "detail"?}]}`: each event checked
    /// on its own; accepted exposures go to the exposure sink (written within a second, as the service's own), and
    /// accepted purchases are kept before the answer.
    func events(_ request: HTTPRequest, app id: String) throws(Problem) -> HTTPResponse {
        let app = try app(id)
        guard let exposures, let purchaseEvents else {
            throw Problem(.noStore, status: 503, title: "No event store", detail: "this service records no events")
        }
        let members = try JSONBody.object(request.body)
        if let unknown = members.keys.filter({ $0 != "events" }).sorted().first {
            throw Problem.invalidInput("unknown member '\(unknown.prefix(64))'; the body is {\"events\": [...]}")
        }
        guard case .array(let events)? = members["events"] else {
            throw Problem.invalidInput("the body must be {\"events\": [...]}")
        }
        guard events.count <= Self.maxEvents else {
            throw Problem(.bodyTooLarge, status: 413, title: "Too many events",
                          detail: "\(events.count) events; send at most \(Self.maxEvents) per request")
        }
        let reader = ClientEventReader(app: id, bundle: app.release.compiled.bundle, policyHash: app.release.compiled.hash,
                                       latest: Timestamp(now()).adding(seconds: 3600))
        let (accepted, rejected) = reader.read(events)
        var purchases: [PurchaseEvent] = []
        for event in accepted {
            switch event {
            case .exposure(let exposure):
                exposures.expose(app: id, experiment: exposure.experiment, seed: exposure.seed, variant: exposure.variant,
                                 user: exposure.userID, time: exposure.time, policy: exposure.policyHash)
            case .purchase(let purchase):
                purchases.append(purchase)
            }
        }
        do {
            if !purchases.isEmpty { try purchaseEvents.record(purchases) }
        } catch {
            throw Problem(.storeUnavailable, status: 503, title: "Store unavailable",
                          detail: "the purchases cannot be kept: \(error); send the events again")
        }
        var writer = JSONWriter(capacity: 64 + 64 * rejected.count)
        writer.object { body in
            body.member("accepted") { $0.integer(accepted.count) }
            body.member("rejected") { list in
                list.array(rejected) { item, rejection in
                    item.object { fields in
                        fields.member("index") { $0.integer(rejection.index) }
                        fields.member("reason") { $0.string(rejection.failure.reason) }
                        if let detail = rejection.failure.detail { fields.member("detail") { $0.string(detail) } }
                    }
                }
            }
        }
        return JSONBody.response(writer.bytes, status: 202)
    }
}
