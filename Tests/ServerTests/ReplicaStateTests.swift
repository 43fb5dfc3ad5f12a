import Foundation
import Server
import PolicyLoader
import Replication
import Testing
import TestSupport
import TollgateEvaluation

/// The holder's app-by-app updates, and `/readyz` and `/metrics` as a replica reports the store.
@Suite struct ReplicaStateTests {
    /// A store-fed holder behind a router, with the example apps served at version 1.
    final class StoreFedService: Sendable {
        let metrics = Metrics()
        let holder: PolicyHolder
        let router: Router
        private let lines = Recorder<String>()

        var log: [String] { lines.items }

        init() throws {
            let lines = self.lines
            holder = PolicyHolder(metrics: metrics, log: { lines.append($0) })
            router = Router(holder: holder, metrics: metrics, admin: nil, prices: Service.requestPrices, log: { _ in },
                                now: { Date() })
            let releases = try Self.releases(version: 1)
            holder.update(to: releases.map(Self.pointer), loaded: Dictionary(releases.map { ($0.compiled.app, .success($0)) }) {
                first, _ in first
            })
        }

        static func releases(version: Int) throws -> [AppRelease] {
            try ExampleService.releases().map { release in
                var release = release
                release.version = version
                return release
            }
        }

        static func pointer(_ release: AppRelease) -> AppPointer {
            AppPointer(app: release.compiled.app, version: release.version ?? 0, hash: release.compiled.hash)
        }

        func get(_ path: String) -> HTTPResponse {
            router.respond(to: HTTPRequest(method: "GET", path: path, query: [:], headers: [:], body: []))
        }
    }

    @Test func anAppThatFailsToLoadKeepsItsOlderVersionAndIsReportedOncePerHash() throws {
        let replica = try StoreFedService()
        let before = try #require(replica.holder.snapshot)
        let served = before.apps.values.map { StoreFedService.pointer($0.release) }
        let broken = served.map { pointer in
            pointer.app == "photocollage" ? AppPointer(app: pointer.app, version: 2, hash: "sha256:broken") : pointer
        }
        let brokenPointer = try #require(broken.first { $0.app == "photocollage" })
        #expect(replica.holder.needsLoad(brokenPointer))
        #expect(!replica.holder.update(to: broken, loaded: ["photocollage": .failure(ReloadError("bad bundle"))]))
        #expect(replica.holder.snapshot === before, "nothing changed")
        #expect(!replica.holder.needsLoad(brokenPointer), "a hash that failed is not loaded again")
        #expect(replica.log.filter { $0.contains(#""result":"failed""#) }.count == 1)
        #expect(replica.log.last == #"{"event":"reload","result":"failed","error":"version 2 of photocollage: bad bundle"}"#)
        #expect(replica.get("/metrics").text.contains(#"tollgate_reloads_total{result="failure"} 1"#))

        // Back to what is served: the broken hash is news again later.
        #expect(!replica.holder.update(to: served, loaded: [:]))
        #expect(replica.holder.needsLoad(brokenPointer))
    }

    @Test func readinessSaysWhetherTheStoreAnswers() throws {
        let replica = try StoreFedService()
        replica.holder.setStore(.reachable)
        let ok = replica.get("/readyz")
        #expect(ok.status == 200)
        #expect(ok.object["status"] as? String == "ready" && ok.object["apps"] as? Int == 2)
        #expect(ok.object["store"] as? String == "ok")
        #expect(ok.object["since"] == nil)

        let since = Date(timeIntervalSince1970: 1_796_040_000)
        replica.holder.setStore(.unreachable(since: since, error: "cannot reach the store postgresql://db/tollgate"))
        let lost = replica.get("/readyz")
        #expect(lost.status == 200, "a replica that loaded stays ready on its last snapshot")
        #expect(lost.object["status"] as? String == "ready" && lost.object["apps"] as? Int == 2)
        #expect(lost.object["store"] as? String == "unreachable")
        #expect(lost.object["since"] as? String == "2026-11-30T12:00:00Z")
        #expect(lost.object["error"] as? String == "cannot reach the store postgresql://db/tollgate")
    }

    @Test func aFolderServiceSaysNothingOfAStore() {
        let service = ExampleService()
        #expect(service.send("GET", "/readyz").object.keys.sorted() == ["apps", "status"])
        let metrics = service.send("GET", "/metrics").text
        #expect(!metrics.contains("tollgate_store_up"))
        #expect(!metrics.contains("tollgate_policy_version"), "files have no published version")
    }

    @Test func metricsCarryTheVersionServedPerAppAndWhetherTheStoreIsUp() throws {
        let replica = try StoreFedService()
        replica.holder.setStore(.reachable)
        var metrics = replica.get("/metrics").text
        #expect(metrics.contains("# TYPE tollgate_policy_version gauge\n"))
        #expect(metrics.contains(#"tollgate_policy_version{app="lingualeap"} 1"# + "\n"))
        #expect(metrics.contains(#"tollgate_policy_version{app="photocollage"} 1"# + "\n"))
        #expect(metrics.contains("# TYPE tollgate_store_up gauge\ntollgate_store_up 1\n"))

        let next = try StoreFedService.releases(version: 7).filter { $0.compiled.app == "photocollage" }
        let pointers = try #require(replica.holder.snapshot).apps.values.map { app in
            app.release.compiled.app == "photocollage"
                ? AppPointer(app: "photocollage", version: 7, hash: app.release.compiled.hash + "-7")
                : StoreFedService.pointer(app.release)
        }
        #expect(replica.holder.update(to: pointers, loaded: ["photocollage": .success(next[0])]))
        #expect(replica.log.last == #"{"event":"reload","result":"ok","apps":2,"changed":["photocollage"]}"#)
        replica.holder.setStore(.unreachable(since: Date(timeIntervalSince1970: 1_796_040_000), error: "down"))
        metrics = replica.get("/metrics").text
        #expect(metrics.contains(#"tollgate_policy_version{app="photocollage"} 7"#))
        #expect(metrics.contains(#"tollgate_policy_version{app="lingualeap"} 1"#))
        #expect(metrics.contains("tollgate_store_up 0\n"))
    }
}
