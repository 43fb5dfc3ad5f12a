import ExperimentResults
import Foundation
import Server
import Store
import TestSupport
import Testing
import TollgateEvaluation

/// `GET /v1/apps/{app}/experiments/{experiment}/results`: the admin token, the CLI's options as parameters, each
/// mistake a problem, and the report of what the store recorded under the policy served.
@Suite final class ResultsRouteTests {
    /// Results from a SQLite store, read as the service reads them.
    struct StoreResults: ExperimentResultsSource {
        let location: StoreLocation

        func report(app: String, experiment: String, bundle: PolicyBundle, query: ResultsQuery,
                    now: Timestamp) throws(ResultsError) -> ExperimentReport {
            let store: any ExposureStore
            do {
                store = try location.openExposures(.read)
            } catch {
                throw .store(error)
            }
            return try ExperimentReport.read(from: store, app: app, experiment: experiment, bundle: bundle,
                                             query: query, rates: nil, now: now)
        }
    }

    let storePath = ExampleService.temporaryStorePath()
    let store: any ExposureStore
    let service: ExampleService

    init() throws {
        try FileManager.default.createDirectory(atPath: (storePath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        store = try StoreLocation.sqlite(path: storePath).openExposures(.create)
        service = ExampleService(results: StoreResults(location: .sqlite(path: storePath)))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: (storePath as NSString).deletingLastPathComponent)
    }

    static let admin = ["Authorization": "Bearer s3cret"]
    static let path = "/v1/apps/photocollage/experiments/onboarding-paywall/results"

    @Test func theReportIsTheStoresUnderThePolicyServed() throws {
        let noon = Timestamp(ExampleService.requestTime)
        try store.recordExposures(["u1", "u2", "u3"].map { user in
            Exposure(app: "photocollage", experiment: "onboarding-paywall", seed: "onboarding-paywall",
                     variant: user == "u3" ? "holdout" : "paywall", user: user, time: noon.adding(seconds: -3600),
                     policy: "sha256:1")
        })
        _ = try store.recordClientPurchases([ClientPurchase(app: "photocollage", transaction: "t1", user: "u1",
                                                            time: noon.adding(seconds: -60), product: nil,
                                                            value: "4.99", currency: "USD")])
        let answer = service.send("GET", Self.path, headers: Self.admin, query: ["window": "P1D", "sequential": "true"])
        #expect(answer.status == 200, "\(answer.text)")
        let body = answer.object
        #expect(body["window"] as? String == "P1D" && body["sequential"] as? Bool == true)
        #expect(body["to"] as? String == noon.description, "the period ends at the request's time")
        #expect(body["from"] as? String == noon.adding(seconds: -3600).description, "and starts at the first exposure")
        let variants = try #require(body["variants"] as? [[String: Any]])
        #expect(variants.map { $0["variant"] as? String } == ["paywall", "holdout"])
        #expect(variants.map { $0["users"] as? Int } == [2, 1] && variants.map { $0["weight"] as? Int } == [90, 10])
        let metrics = try #require(variants[0]["metrics"] as? [String: [String: Any]])
        #expect(metrics["revenue"]?["sum"] as? Double == 4.99 && metrics["conversion"]?["sum"] as? Int == 1)
    }

    @Test func theRouteIsForTheAdminToken() {
        #expect(service.send("GET", Self.path).status == 401)
        #expect(service.send("GET", Self.path, headers: ["Authorization": "Bearer nope"]).status == 401)
        let closed = ExampleService(adminToken: nil, results: StoreResults(location: .sqlite(path: storePath)))
        #expect(closed.send("GET", Self.path).object["type"] as? String == "urn:tollgate:problem:admin-disabled")
        let noStore = ExampleService()
        #expect(noStore.send("GET", Self.path, headers: Self.admin).status == 503)
    }

    @Test(arguments: [
        (["window": "P1M"], 400, "window 'P1M' is not a duration"),
        (["from": "soon"], 400, "from 'soon' is not an ISO 8601 time"),
        (["currency": "euro"], 400, "currency 'euro' is not an ISO 4217 code"),
        (["sequential": "yes"], 400, "sequential 'yes' is neither true nor false"),
        (["limit": "3"], 400, "unknown parameter 'limit'"),
        (["from": "2026-12-01T00:00:00Z", "to": "2026-11-01T00:00:00Z"], 400, "is empty"),
    ])
    func mistakesAreProblems(_ query: [String: String], _ status: Int, _ detail: String) {
        let answer = service.send("GET", Self.path, headers: Self.admin, query: query)
        #expect(answer.status == status)
        #expect((answer.object["detail"] as? String)?.contains(detail) == true, "\(answer.text)")
    }

    @Test func unknownAppsAndExperimentsAreNotFound() {
        let experiment = service.send("GET", "/v1/apps/photocollage/experiments/nope/results", headers: Self.admin)
        #expect(experiment.status == 404)
        #expect((experiment.object["detail"] as? String)?.contains("its experiments are onboarding-paywall") == true)
        #expect(service.send("GET", "/v1/apps/nope/experiments/x/results", headers: Self.admin).status == 404)
    }
}

/// `serve --no-exposures`: the service's own split decisions are not recorded; apps' events still are.
@Suite struct DecisionRecordingTests {
    @Test func decisionsAreNotRecordedWhenSwitchedOff() throws {
        let sink = EventsRouteTests.Sink()
        let on = ExampleService(exposures: sink, purchaseEvents: sink)
        let off = ExampleService(exposures: sink, purchaseEvents: sink, recordsDecisions: false)
        let variant = try variant(on, "u-1")
        #expect(sink.events.items.count == 1)
        let body = #"{"user_id": "u-1"}"#
        #expect(off.send("POST", "/v1/apps/photocollage/placements/onboarding/resolve", json: body).status == 200)
        #expect(sink.events.items.count == 1, "the decision is answered and not recorded")
        let events = off.send("POST", "/v1/apps/photocollage/events",
                              json: #"{"events": [\#(EventsRouteTests.exposure("u-1", variant))]}"#)
        #expect(events.object["accepted"] as? Int == 1 && sink.events.items.count == 2)
    }

    func variant(_ service: ExampleService, _ user: String) throws -> String {
        let answer = service.send("POST", "/v1/apps/photocollage/placements/onboarding/resolve",
                                  json: #"{"user_id": "\#(user)"}"#)
        return try #require(answer.object["variant"] as? String)
    }
}
