import Foundation
import Server
import TestSupport
import Testing
import TollgateEvaluation

/// `POST /v1/apps/{app}/events`: exposures and purchases from apps that resolve on device, each checked on its own
/// against the policy served (the variant must be the one resolve assigns), 202 with what was accepted and why each
/// rejected one was; the accepted ones reach the sink.
@Suite struct EventsRouteTests {
    /// The exposures and purchases the route hands on, in order.
    final class Sink: ExposureSink, PurchaseEventSink {
        let events = Recorder<ClientEvent>()

        func expose(app: String, experiment: String, seed: String, variant: String, user: String, time: Timestamp,
                    policy: String) {
            events.append(.exposure(ExposureEvent(app: app, experiment: experiment, seed: seed, variant: variant,
                                                  userID: user, time: time, policyHash: policy)))
        }

        func record(_ purchases: [PurchaseEvent]) throws(PurchaseEventFailure) {
            for purchase in purchases { events.append(.purchase(purchase)) }
        }
    }

    let sink = Sink()
    let service: ExampleService

    init() {
        service = ExampleService(exposures: sink, purchaseEvents: sink)
    }

    /// The variant `resolve` gives `user` at the onboarding placement, whose `everyone` audience runs the experiment.
    func resolvedVariant(_ user: String) throws -> String {
        let answer = service.send("POST", "/v1/apps/photocollage/placements/onboarding/resolve",
                                  json: #"{"user_id": "\#(user)"}"#)
        #expect(answer.object["reason"] as? String == "SPLIT", "\(answer.text)")
        return try #require(answer.object["variant"] as? String)
    }

    func post(_ events: [String]) -> HTTPResponse {
        service.send("POST", "/v1/apps/photocollage/events", json: #"{"events": [\#(events.joined(separator: ","))]}"#)
    }

    static func exposure(_ user: String, _ variant: String, experiment: String = "onboarding-paywall",
                         time: String = "2026-11-30T09:00:00Z") -> String {
        #"{"type": "exposure", "experiment": "\#(experiment)", "variant": "\#(variant)", "user_id": "\#(user)", "time": "\#(time)"}"#
    }

    static func purchase(_ transaction: String, value: String = #""4.99""#, currency: String = "USD",
                         extra: String = "") -> String {
        #"{"type": "track", "name": "purchase", "user_id": "u1", "time": "2026-11-30T10:00:00Z", "#
            + #""product": "com.example.photocollage.premium.monthly", "value": \#(value), "currency": "\#(currency)", "#
            + #""transaction": "\#(transaction)"\#(extra)}"#
    }

    @Test func exposuresInTheVariantResolveAssignsAreAcceptedAndOthersAreWrong() throws {
        var events: [String] = []
        var expected: [ClientEvent] = []
        for index in 0..<40 {
            let user = "user-\(index)"
            let variant = try resolvedVariant(user)
            events.append(Self.exposure(user, variant))
            events.append(Self.exposure(user, variant == "paywall" ? "holdout" : "paywall"))
            expected.append(.exposure(ExposureEvent(
                app: "photocollage", experiment: "onboarding-paywall", seed: "onboarding-paywall", variant: variant,
                userID: user, time: Timestamp("2026-11-30T09:00:00Z")!, policyHash: try hash())))
        }
        let answer = post(events)
        #expect(answer.status == 202, "\(answer.text)")
        #expect(answer.object["accepted"] as? Int == 40)
        let rejected = answer.object["rejected"] as? [[String: Any]] ?? []
        #expect(rejected.map { $0["index"] as? Int } == (0..<40).map { 2 * $0 + 1 })
        #expect(rejected.allSatisfy { $0["reason"] as? String == "wrong-variant" })
        let reported = sink.events.items.filter { event in
            if case .exposure(let exposure) = event { exposure.time == Timestamp("2026-11-30T09:00:00Z")! } else { false }
        }
        #expect(reported == expected, "the resolves' own exposures are recorded at the request's time")
    }

    func hash() throws -> String {
        try #require(service.holder.snapshot?.apps["photocollage"]?.release.compiled.hash)
    }

    @Test func eachRejectedEventSaysWhy() throws {
        let answer = post([
            Self.exposure("u1", "paywall", experiment: "no-such-experiment"),
            Self.exposure("u1", "treatment"),
            Self.exposure("u1", try resolvedVariant("u1"), time: "yesterday"),
            Self.exposure("u1", try resolvedVariant("u1"), time: "2999-01-01T00:00:00Z"),
            Self.purchase("t1"),
            Self.purchase("t2", value: #""-1""#),
            Self.purchase("t3", value: #""4.9999999""#),
            Self.purchase("t4", currency: "usd"),
            Self.purchase("t5", extra: #", "coupon": "x""#),
            #"{"type": "click"}"#,
            #"[1]"#,
            Self.purchase("t6", value: "0"),
        ])
        #expect(answer.status == 202, "\(answer.text)")
        #expect(answer.object["accepted"] as? Int == 2, "the good purchase and the free trial's start")
        let rejected = answer.object["rejected"] as? [[String: Any]] ?? []
        #expect(rejected.map { "\($0["index"] ?? "") \($0["reason"] ?? "")" } == [
            "0 unknown-experiment", "1 unknown-variant", "2 invalid-event", "3 invalid-event", "5 invalid-event",
            "6 invalid-event", "7 invalid-event", "8 invalid-event", "9 invalid-event", "10 invalid-event",
        ])
        #expect(rejected.first { $0["index"] as? Int == 3 }?["detail"] as? String == "'time' is in the future")
        #expect(rejected.first { $0["index"] as? Int == 8 }?["detail"] as? String == "unknown member 'coupon'")
        let purchases = sink.events.items.compactMap { event -> PurchaseEvent? in
            if case .purchase(let purchase) = event { purchase } else { nil }
        }
        #expect(purchases.map(\.value) == ["4.99", "0"])
        #expect(purchases.map(\.transaction) == ["t1", "t6"])
    }

    @Test func moreThanAThousandEventsIsTooLarge() {
        let answer = post(Array(repeating: Self.purchase("t"), count: 1001))
        #expect(answer.status == 413)
        #expect(answer.object["type"] as? String == "urn:tollgate:problem:body-too-large")
        #expect(sink.events.items.isEmpty)
        #expect(service.router.bodyLimit(path: "/v1/apps/photocollage/events") == 1024 * 1024)
        #expect(service.router.bodyLimit(path: "/v1/apps/photocollage/evaluate") == nil)
    }

    @Test func aServiceWithoutAnEventStoreSaysSo() {
        let answer = ExampleService().send("POST", "/v1/apps/photocollage/events", json: #"{"events": []}"#)
        #expect(answer.status == 503)
        #expect(answer.object["type"] as? String == "urn:tollgate:problem:no-store")
    }
}
