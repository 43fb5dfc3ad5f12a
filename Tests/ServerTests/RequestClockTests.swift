import Foundation
import Server
import Testing

/// Every handler judges at the router's clock when the input names no `now`: an entitlement that expires
/// between two clocks unlocks at the earlier and not at the later.
@Suite struct RequestClockTests {
    static let expiring = #"{ "entitlements": [{ "product": "com.example.photocollage.premium.yearly", "state": "active", "expires": "2040-01-01T00:00:00Z" }], "synced": true, "consent": "granted", "app": "photocollage" }"#
    static let before = Date(timeIntervalSince1970: 2_145_916_800)  // 2038-01-01
    static let after = Date(timeIntervalSince1970: 2_240_611_200)  // 2041-01-01

    static func service(at time: Date) -> ExampleService {
        ExampleService(adminToken: nil, now: { time })
    }

    @Test(arguments: [(before, true), (after, false)])
    func evaluationIsJudgedAtTheRoutersClock(time: Date, unlocked: Bool) {
        let answer = Self.service(at: time).send("POST", "/v1/apps/photocollage/evaluate", json: Self.expiring)
        #expect(answer.status == 200, "\(answer.text)")
        #expect((answer.object["features"] as? [String: Bool])?["cloud-sync"] == unlocked, "\(answer.text)")
    }

    @Test(arguments: [(before, true), (after, false)])
    func ofrepIsJudgedAtTheRoutersClock(time: Date, unlocked: Bool) {
        let answer = Self.service(at: time).send("POST", "/ofrep/v1/evaluate/flags/cloud-sync",
                                                 json: #"{ "context": \#(Self.expiring) }"#)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.object["value"] as? Bool == unlocked, "\(answer.text)")
    }

    @Test(arguments: [(before, "subscribers"), (after, "everyone")])
    func placementsAreJudgedAtTheRoutersClock(time: Date, audience: String) {
        let answer = Self.service(at: time).send("POST", "/v1/apps/photocollage/placements/onboarding/resolve",
                                                 json: Self.expiring)
        #expect(answer.status == 200, "\(answer.text)")
        let decision = answer.object
        #expect((decision["audience"] as? String) == audience, "\(answer.text)")
    }
}
