import Foundation
import Server
import Testing

@Suite("Long-polling bundles under load")
struct LongPollLoadTests {
    /// 1,000 held requests at once on the server's few threads; evaluate answers while they wait, and every
    /// one of them gets the new bundle after a change. How long that takes is measured outside the tests.
    @Test func aThousandHeldRequestsGetTheNewBundleWhileEvaluateKeepsAnswering() throws {
        raiseDescriptorLimit()
        let served = try LongPollService()
        let old = try served.etag()
        let clients = try PolledClients(port: served.port, count: 1000,
                                        request: bundleRequest(["If-None-Match: \(old)", "Prefer: wait=60"]))
        try #require(served.waitUntilHeld(1000))

        let evaluate = RawConnection.request("POST", "/v1/apps/photocollage/evaluate",
                                             headers: ["Content-Type: application/json"],
                                             body: Array(RouterTests.premiumUser.utf8))
        let statuses = try (0..<200).map { _ in try RawConnection.exchange(port: served.port, evaluate).status }
        #expect(statuses.allSatisfy { $0 == 200 }, "evaluate answered \(Set(statuses)) with 1,000 requests held")
        #expect(served.service.holder.waiters.count == 1000, "no held request was answered early")

        let changed = ContinuousClock.now
        served.change()
        let answers = try clients.responses(by: changed + .seconds(60))
        let fresh = try served.etag()
        #expect(fresh != old)
        #expect(answers.filter { $0.status == 200 }.count == 1000)
        #expect(answers.filter { $0.header("etag") == fresh }.count == 1000)
        #expect(served.service.holder.waiters.count == 0)
    }
}
