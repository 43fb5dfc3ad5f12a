import Foundation
import Server
import TestSupport
import Testing
import TollgateEvaluation

/// Exposures through the router alone: every decision answered by a split with a user id is reported, on the
/// placement routes and OFREP's placement flags, with the seed, the policy's hash and the request's time; nothing
/// else is.
@Suite struct ExposureRouteTests {
    /// What the router reported, as one line per exposure.
    final class SeenExposures: ExposureSink {
        let lines = Recorder<String>()

        func expose(app: String, experiment: String, seed: String, variant: String, user: String, time: Timestamp,
                    policy: String) {
            lines.append("\(app) \(experiment) \(seed) \(variant) \(user) \(time) \(policy)")
        }
    }

    let seen = SeenExposures()
    let service: ExampleService
    let policy: String

    init() throws {
        service = ExampleService(exposures: seen)
        policy = try #require(try ExampleService.releases().first { $0.compiled.app == "photocollage" }).compiled.hash
    }

    /// The line an exposure of `user` to onboarding-paywall reads as, at the request's time.
    func line(_ user: String, _ variant: String) -> String {
        "photocollage onboarding-paywall onboarding-paywall \(variant) \(user) \(Timestamp(ExampleService.requestTime)) \(policy)"
    }

    @Test func aSplitOnThePlacementRoutesIsAnExposure() {
        let resolved = service.send("POST", "/v1/apps/photocollage/placements/onboarding/resolve",
                                    json: #"{"user_id":"user-1"}"#)
        #expect(resolved.object["reason"] as? String == "SPLIT", "\(resolved.text)")
        let variant = resolved.object["variant"] as? String ?? ""
        let paywall = service.send("POST", "/v1/apps/photocollage/placements/onboarding/paywall",
                                   json: #"{"user_id":"user-2",\#(PlacementRouteTests.prices)}"#)
        #expect(paywall.status == 200, "\(paywall.text)")
        let decision = (paywall.object["decision"] as? [String: Any]) ?? [:]
        #expect(seen.lines.items == [line("user-1", variant), line("user-2", decision["variant"] as? String ?? "")])
    }

    @Test func otherDecisionsAreNoExposure() {
        for context in ["{}", PlacementRouteTests.premium, #"{"user_id":"u","attributes":{"sessions":12}}"#] {
            let answer = service.send("POST", "/v1/apps/photocollage/placements/onboarding/resolve", json: context)
            #expect(answer.status == 200 && answer.object["reason"] as? String != "SPLIT", "\(answer.text)")
        }
        let unknown = service.send("POST", "/v1/apps/photocollage/placements/nope/resolve", json: #"{"user_id":"u"}"#)
        #expect(unknown.status == 404)
        let unpriced = service.send("POST", "/v1/apps/photocollage/placements/onboarding/paywall",
                                    json: #"{"user_id":"u","currency":7}"#)
        #expect(unpriced.status == 400, "a decision not answered is no exposure: \(unpriced.text)")
        #expect(seen.lines.items.isEmpty)
    }

    @Test func ofrepsPlacementFlagsAreExposures() {
        let flag = service.send("POST", "/ofrep/v1/evaluate/flags/placement.onboarding",
                                json: #"{"context":{"app":"photocollage","targetingKey":"user-3"}}"#)
        #expect(flag.object["reason"] as? String == "SPLIT", "\(flag.text)")
        #expect(seen.lines.items == [line("user-3", flag.object["variant"] as? String ?? "")])
        let bulk = service.send("POST", "/ofrep/v1/evaluate/flags",
                                json: #"{"context":{"app":"photocollage","targetingKey":"user-4"}}"#)
        #expect(bulk.status == 200)
        #expect(seen.lines.items.count == 2 && seen.lines.items.last?.contains(" user-4 ") == true,
                "only the placement flags that split: \(seen.lines.items)")
    }
}
