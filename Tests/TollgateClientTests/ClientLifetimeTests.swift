import Foundation
import Testing
import TollgateClient

/// Clients dropped as soon as their sync returns, as an app drops one with the screen that made it.
/// FoundationNetworking traps ("a task that is not in the registry") when a task it is still completing is
/// cancelled, which dropping a client did by invalidating its session with `invalidateAndCancel`.
@Suite struct ClientLifetimeTests {
    @Test func clientsDroppedRightAfterTheirSyncLeaveTheProcessRunning() async throws {
        let server = try FakeBundleServer()
        let good = TestBundles.served(TestBundles.bundle())
        server.set(.init(etag: good.etag, body: good.body))
        let configuration = BundleVerificationTests.configuration(server.url, cache: nil)
        let synced = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var synced = 0
                    for _ in 0..<50 where try await TollgateClient(configuration).sync().etag == good.etag {
                        synced += 1
                    }
                    return synced
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(synced == 400)
        #expect(server.requestsSinceSet == 400)
    }
}
