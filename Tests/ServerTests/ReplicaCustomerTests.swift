import Foundation
import TestAppStore
import TestSupport
import Testing

/// Two real replicas on one PostgreSQL store: a purchase committed through one is what the other answers, even
/// when the other had already read (and cached) the customer before; and on SQLite, a service answers what another
/// process committed to its file.
@Suite(.serialized, .tags(.postgres)) struct ReplicaCustomerTests {
    static let day: Int64 = 86_400_000
    let customer = "00000000-0000-4000-8000-000000000042"

    /// Whether `replica` evaluates the customer's `cloud-sync` feature as unlocked.
    func unlocks(_ replica: ServedTollgate) async throws -> Bool {
        let response = try await replica.request(
            "POST", "/v1/apps/photocollage/evaluate", json: #"{"customer": "\#(customer)", "environment": "sandbox"}"#)
        let decision = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
        return (decision["features"] as? [String: Bool])?["cloud-sync"] == true
    }

    @Test func aPurchaseCommittedThroughOneReplicaIsWhatTheOtherAnswers() async throws {
        let database = try TestDatabase.create("replica_customers")
        defer { database.drop() }
        let project = try PublishingProject(store: database.url)
        defer { project.remove() }
        try await project.publish()
        let options = ["--store", database.url, "--apple-root-ca", AppStoreTestSigner.rootFile]
        let first = try await ServedTollgate(in: project.folder, options: options)
        let second = try await ServedTollgate(in: project.folder, options: options)
        #expect(try await unlocks(second) == false)

        let signer = try AppStoreTestSigner()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        var transaction = TestTransaction(transactionID: "4200", productID: "com.example.photocollage.premium.monthly",
                                          purchaseDate: now - Self.day, expiresDate: now + 29 * Self.day)
        transaction.appAccountToken = customer
        let bought = try await first.request("POST", "/v1/apps/photocollage/notifications/app-store",
                                             json: signer.body(TestNotification(type: "SUBSCRIBED",
                                                                                signedDate: transaction.signedDate,
                                                                                transaction: transaction)))
        #expect(bought.status == 200)
        #expect(try await eventually(within: .seconds(10)) { try await unlocks(second) })

        transaction.revocationDate = now - 1000
        transaction.signedDate = now - 1000
        let refunded = try await first.request("POST", "/v1/apps/photocollage/notifications/app-store",
                                               json: signer.body(TestNotification(type: "REFUND",
                                                                                  signedDate: transaction.signedDate,
                                                                                  transaction: transaction)))
        #expect(refunded.status == 200)
        #expect(try await eventually(within: .seconds(10)) { try await !unlocks(second) })
        #expect(try await unlocks(first) == false)
        #expect(await first.stop() == 0)
        #expect(await second.stop() == 0)
    }

    @Test func aServiceOnSQLiteAnswersWhatAnotherProcessCommitted() async throws {
        let project = try PublishingProject()
        defer { project.remove() }
        let signer = try AppStoreTestSigner()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let ingest = { (notification: TestNotification) throws in
            try signer.body(notification).write(to: project.folder.appendingPathComponent("saved.jsonl"),
                                                atomically: true, encoding: .utf8)
            let ingested = try BuiltTollgate.run(["customers", "ingest", "--app", "photocollage", "saved.jsonl",
                                                  "--apple-root-ca", AppStoreTestSigner.rootFile],
                                                 in: project.folder.path)
            #expect(ingested.status == 0, "\(ingested.stderr)")
        }
        // The store exists before the service starts, so that it follows the file from the start.
        try ingest(TestNotification(type: "TEST", signedDate: now))
        let served = try await ServedTollgate(in: project.folder, options: ["--apple-root-ca", AppStoreTestSigner.rootFile])
        #expect(try await unlocks(served) == false)
        #expect(try await unlocks(served) == false)
        var first = TestTransaction(transactionID: "4300", productID: "com.example.photocollage.premium.monthly",
                                    purchaseDate: now - Self.day, expiresDate: now + 29 * Self.day)
        first.appAccountToken = customer
        try ingest(TestNotification(type: "SUBSCRIBED", signedDate: first.signedDate, transaction: first))
        #expect(try await eventually(within: .seconds(10)) { try await unlocks(served) })
        #expect(await served.stop() == 0)
    }
}
