import Foundation
import Store
import TestSupport
import Testing
import TollgateEvaluation

/// Exposures on a real `tollgate serve`, with SQLite and with PostgreSQL: many users resolve the onboarding
/// placement, which the experiment `onboarding-paywall` splits, and their first exposures reach the store while
/// the service runs, each in the variant it was answered.
@Suite(.serialized, .tags(.postgres)) struct ExposureServiceTests {
    @Test(arguments: StoreBackend.allCases) func splitUsersFirstExposuresReachTheStore(_ backend: StoreBackend) async throws {
        let (project, database) = try await PublishingProject.on(backend, label: "exposures")
        defer {
            project.remove()
            database?.drop()
        }
        let server = try await ServedTollgate(in: project.folder,
                                              options: backend == .postgres ? ["--store", project.store] : [])
        var answered: [String: String] = [:]
        var policy: String?
        let users = (0..<120).map { "user-\($0)" }
        for (index, user) in users.enumerated() {
            let route = index % 3 == 0 ? "paywall" : "resolve"
            let body = route == "paywall"
                ? #"{"user_id":"\#(user)","currency":"USD","prices":{}}"# : #"{"user_id":"\#(user)"}"#
            let response = try await server.request("POST", "/v1/apps/photocollage/placements/onboarding/\(route)",
                                                    json: body)
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
            let decision = route == "paywall" ? object["decision"] as? [String: Any] ?? [:] : object
            #expect(decision["reason"] as? String == "SPLIT")
            answered[user] = decision["variant"] as? String
            policy = decision["policy"] as? String
        }
        // The same users again: still their first exposures.
        for user in users.prefix(10) {
            _ = try await server.request("POST", "/v1/apps/photocollage/placements/onboarding/resolve",
                                         json: #"{"user_id":"\#(user)"}"#)
        }
        // An app that resolves on device reports one exposure of its own and a purchase, twice (a retry).
        let variant = try #require(answered["user-0"])
        let events = #"{"events": [{"type": "exposure", "experiment": "onboarding-paywall", "variant": "\#(variant)", "#
            + #""user_id": "device-user", "time": "2026-11-30T09:00:00Z"}, {"type": "track", "name": "purchase", "#
            + #""user_id": "user-0", "time": "2026-11-30T10:00:00Z", "value": "4.99", "currency": "USD", "#
            + #""transaction": "t-1"}]}"#
        for _ in 0..<2 {
            let reported = try await server.request("POST", "/v1/apps/photocollage/events", json: events)
            #expect(reported.status == 202, "\(String(decoding: reported.body, as: UTF8.self))")
        }
        // Bodies past the 64 KiB of other routes are taken up to 1 MiB here.
        let many = (0..<600).map { index in
            #"{"type": "track", "name": "purchase", "user_id": "user-1", "time": "2026-11-30T10:00:00Z", "#
                + #""value": "1.99", "currency": "EUR", "transaction": "bulk-\#(index)-\#(String(repeating: "x", count: 200))"}"#
        }
        let bulk = try await server.request("POST", "/v1/apps/photocollage/events",
                                            json: #"{"events": [\#(many.joined(separator: ","))]}"#)
        #expect(bulk.status == 202, "\(String(decoding: bulk.body, as: UTF8.self).prefix(300))")
        let huge = try await server.request("POST", "/v1/apps/photocollage/events",
                                            json: #"{"events": [\#(String(repeating: "1,", count: 600_000))1]}"#)
        #expect(huge.status == 413)
        let written = try await eventually(within: .seconds(60)) {
            let metrics = try await server.request("GET", "/metrics")
            return String(decoding: metrics.body, as: UTF8.self).split(separator: "\n")
                .contains { line in
                    line.hasPrefix("tollgate_exposures_recorded_total ")
                        && (Int(line.dropFirst("tollgate_exposures_recorded_total ".count)) ?? 0) >= users.count + 1
                }
        }
        #expect(written, "written while the service runs")
        #expect(await server.stop() == 0)
        let location = backend == .postgres ? StoreLocation(project.store)
            : .sqlite(path: project.folder.appendingPathComponent(".tollgate/store.sqlite").path)
        let rows = try location.openExposures(.read).exposures(app: "photocollage", experiment: "onboarding-paywall")
        let device = rows.filter { $0.user == "device-user" }
        #expect(device.map(\.variant) == [variant] && device.first?.firstTime == Timestamp("2026-11-30T09:00:00Z"),
                "the variant and time the app reported")
        #expect(rows.count == users.count + 1)
        #expect(Dictionary(uniqueKeysWithValues: rows.filter { $0.user != "device-user" }.map { ($0.user, $0.variant) })
            == answered)
        let kept = try location.openExposures(.read).clientPurchases(app: "photocollage")
        #expect(kept.filter { $0.transaction == "t-1" }.count == 1, "a purchase reported twice is kept once")
        #expect(kept.count == 601)
        #expect(rows.allSatisfy { $0.seed == "onboarding-paywall" && !$0.multiple && $0.policy == policy })
        #expect(Set(answered.values) == ["paywall", "holdout"], "both variants were seen")
    }
}
