import Foundation
import TestAppStore
import TestSupport
import Testing

/// SIGKILL during a stream of notifications: every notification answered 200 survives the kill, and nothing is
/// half applied: after the store retries what was not answered, the state equals that of a service that
/// received the same stream without a kill.
@Suite(.serialized, .tags(.postgres)) struct CustomerKillTests {
    static let day: Int64 = 86_400_000
    let signer: AppStoreTestSigner
    let now = Int64(Date().timeIntervalSince1970 * 1000)

    init() throws {
        signer = try AppStoreTestSigner()
    }

    /// A seeded stream for a few customers: purchases, renewals, refunds, coins, and retried deliveries.
    func stream(seed: UInt64) -> [TestNotification] {
        var random = SplitMix64(seed: seed)
        var notifications: [TestNotification] = []
        for customer in 1...6 {
            let token = String(format: "00000000-0000-4000-8000-%012d", customer)
            let original = "9\(seed)\(customer)"
            for index in 0..<4 {
                let purchase = now - 100 * Self.day + Int64(index) * 30 * Self.day
                var transaction = TestTransaction(transactionID: "\(original)\(index)", originalTransactionID: original,
                                                  productID: "com.example.photocollage.premium.monthly",
                                                  purchaseDate: purchase, expiresDate: purchase + 30 * Self.day)
                transaction.appAccountToken = token
                notifications.append(TestNotification(type: index == 0 ? "SUBSCRIBED" : "DID_RENEW",
                                                      signedDate: purchase, transaction: transaction))
                if random.next() % 3 == 0 {
                    transaction.revocationDate = purchase + Self.day
                    transaction.signedDate = purchase + Self.day
                    notifications.append(TestNotification(type: "REFUND", signedDate: transaction.signedDate,
                                                          transaction: transaction))
                }
            }
            var coins = TestTransaction(transactionID: "8\(original)", productID: "com.example.photocollage.coins.100",
                                        purchaseDate: now - Self.day)
            coins.type = "Consumable"
            coins.appAccountToken = token
            notifications.append(TestNotification(type: "ONE_TIME_CHARGE", signedDate: coins.signedDate,
                                                  transaction: coins))
        }
        for _ in 0..<10 { notifications.append(notifications[Int(random.next() % UInt64(notifications.count))]) }
        for index in notifications.indices.reversed() {
            notifications.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        return notifications
    }

    /// Posts one notification; nil when no answer came (the service was killed).
    static func deliver(_ body: String, port: Int) -> Int? {
        try? RawConnection.exchange(port: port, RawConnection.request(
            "POST", "/v1/apps/photocollage/notifications/app-store", headers: ["Content-Type: application/json"],
            body: Array(body.utf8))).status
    }

    /// Each customer's entitlements and credits, read from their documents.
    static func states(_ server: ServedTollgate) async throws -> [String] {
        var states: [String] = []
        for customer in 1...6 {
            let token = String(format: "00000000-0000-4000-8000-%012d", customer)
            let port = server.port
            let response = try await onThread {
                try RawConnection.exchange(port: port, RawConnection.request(
                    "GET", "/v1/apps/photocollage/customers/\(token)?environment=sandbox",
                    headers: ["Authorization: Bearer k"]))
            }
            let document = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
            let entitlements = (document["entitlements"] as? [[String: Any]] ?? []).map { entry in
                "\(entry["product"] ?? "") \(entry["state"] ?? "") \(entry["expires"] ?? "-")"
            }
            states.append("\(token): \(entitlements.sorted()) \(document["credits"] ?? [:])")
        }
        return states
    }

    static func serve(_ project: PublishingProject, _ backend: StoreBackend) async throws -> ServedTollgate {
        try await ServedTollgate(in: project.folder,
                                 options: (backend == .postgres ? ["--store", project.store] : [])
                                    + ["--apple-root-ca", AppStoreTestSigner.rootFile],
                                 environment: ["TOLLGATE_ADMIN_TOKEN": "k"])
    }

    static func project(_ backend: StoreBackend, _ label: String) async throws -> (PublishingProject, TestDatabase?) {
        guard backend == .postgres else { return (try PublishingProject(), nil) }
        let database = try TestDatabase.create(label)
        let project = try PublishingProject(store: database.url)
        try await project.publish()
        return (project, database)
    }

    @Test(arguments: [(StoreBackend.sqlite, UInt64(1)), (.sqlite, 2), (.postgres, 3), (.postgres, 4)])
    func nothingAnswered200IsLost(_ backend: StoreBackend, _ seed: UInt64) async throws {
        let bodies = stream(seed: seed).map(signer.body)
        let (project, database) = try await Self.project(backend, "kill_\(seed)")
        defer {
            project.remove()
            database?.drop()
        }
        var server = try await Self.serve(project, backend)
        var random = SplitMix64(seed: seed * 7919)
        let killAfter = 5 + Int(random.next() % UInt64(bodies.count - 10))
        let answered = Recorder<Int>()
        let port = server.port
        // Four senders at once, as Apple's deliveries overlap; the kill lands while some are in flight.
        let senders = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        try await onThread {
                            for index in stride(from: worker, to: bodies.count, by: 4) {
                                guard Self.deliver(bodies[index], port: port) == 200 else { return }
                                answered.append(index)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        while answered.items.count < killAfter { try await Task.sleep(for: .milliseconds(1)) }
        await server.crash()
        try await senders.value
        server = try await Self.serve(project, backend)
        let port2 = server.port
        for index in answered.items.sorted() {
            let response = try await onThread {
                try RawConnection.exchange(port: port2, RawConnection.request(
                    "POST", "/v1/apps/photocollage/notifications/app-store", headers: ["Content-Type: application/json"],
                    body: Array(bodies[index].utf8)))
            }
            let status = (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["status"]
            #expect(status as? String == "duplicate", "notification \(index) was answered 200 before the kill")
        }
        for body in bodies { #expect(Self.deliver(body, port: port2) == 200) }
        let recovered = try await Self.states(server)
        #expect(await server.stop() == 0)

        let (control, controlDatabase) = try await Self.project(backend, "kill_control_\(seed)")
        defer {
            control.remove()
            controlDatabase?.drop()
        }
        let clean = try await Self.serve(control, backend)
        let cleanPort = clean.port
        for body in bodies { #expect(Self.deliver(body, port: cleanPort) == 200) }
        #expect(recovered == (try await Self.states(clean)))
        #expect(await clean.stop() == 0)
    }
}
