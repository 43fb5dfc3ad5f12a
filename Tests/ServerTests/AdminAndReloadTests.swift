import Foundation
import Server
import Synchronization
import Testing
import TollgateEvaluation

/// Admin routes behind a bearer token, and reloads that never replace a good policy with a bad one.
@Suite struct AdminAndReloadTests {
    @Test func adminRoutesAreDisabledWithoutAToken() {
        let service = ExampleService(adminToken: nil)
        let answer = service.send("POST", "/v1/admin/publish", json: #"{ "app": "photocollage" }"#,
                                  headers: ["Authorization": "Bearer s3cret"])
        #expect(answer.status == 404)
        #expect(answer.object["type"] as? String == "urn:tollgate:problem:admin-disabled")
    }

    @Test(arguments: [nil, "Bearer wrong", "Bearer s3cre", "Bearer s3cret2", "s3cret"] as [String?])
    func aMissingOrWrongTokenIs401(authorization: String?) {
        let service = ExampleService()
        defer { service.removeStore() }
        let headers = authorization.map { ["Authorization": $0] } ?? [:]
        #expect(service.send("POST", "/v1/admin/publish", json: "{}", headers: headers).status == 401)
        #expect(service.send("POST", "/v1/admin/rollback", json: "{}", headers: headers).status == 401)
        #expect(service.send("GET", "/v1/admin/history", headers: headers).status == 401)
        #expect(!FileManager.default.fileExists(atPath: service.storePath), "no store was created")
    }

    @Test func readRoutesNeedNoToken() {
        #expect(ExampleService().send("GET", "/v1/apps").status == 200)
    }

    @Test func aBrokenChangeKeepsTheGoodPolicyAndIsCounted() {
        let generation = Atomic<Int>(0)
        let source = PolicySource(
            description: "changing", fingerprint: { "v\(generation.load(ordering: .relaxed))" },
            load: { () throws(ReloadError) in
                guard generation.load(ordering: .relaxed) == 0 else { throw ReloadError("Policies/photocollage.yaml:3:1: error") }
                return try ExampleService.releases()
            })
        let service = ExampleService(source: source)
        let before = service.holder.snapshot
        generation.store(1, ordering: .relaxed)
        #expect(!service.holder.reloadIfChanged())
        #expect(service.holder.snapshot === before)
        #expect(service.send("GET", "/readyz").status == 200)
        #expect(service.send("GET", "/metrics").text.contains(#"tollgate_reloads_total{result="failure"} 1"#))
        #expect(service.log.contains { $0.contains(#""result":"failed""#) })
    }

    /// The watcher polls an unchanged broken file again and again: it is loaded, logged and counted once per
    /// content, again when the content changes, and again after a good load.
    @Test func aBrokenChangeIsReportedOncePerContent() {
        let content = Mutex("good")
        let loads = Atomic<Int>(0)
        let source = PolicySource(
            description: "changing", fingerprint: { content.withLock { $0 } },
            load: { () throws(ReloadError) in
                loads.add(1, ordering: .relaxed)
                let current = content.withLock { $0 }
                guard current == "good" || current == "fixed" else { throw ReloadError("\(current) is broken") }
                return try ExampleService.releases()
            })
        let service = ExampleService(source: source)
        let failures = { service.log.filter { $0.contains(#""result":"failed""#) } }
        let metric = { (result: String) in
            service.send("GET", "/metrics").text.split(separator: "\n")
                .first { $0.hasPrefix(#"tollgate_reloads_total{result="\#(result)"}"#) }.map(String.init)
        }
        /// Sets the content, then polls as the watcher does, `times` times.
        func poll(_ next: String, times: Int = 5) {
            content.withLock { $0 = next }
            for _ in 0..<times { service.holder.reloadIfChanged() }
        }

        poll("broken-1")
        #expect(failures().count == 1)
        #expect(failures().first?.contains("broken-1 is broken") == true)
        #expect(metric("failure") == #"tollgate_reloads_total{result="failure"} 1"#)
        #expect(loads.load(ordering: .relaxed) == 2, "the start and one attempt at the broken content")

        poll("broken-2")
        #expect(failures().count == 2 && failures().last?.contains("broken-2 is broken") == true)
        #expect(metric("failure") == #"tollgate_reloads_total{result="failure"} 2"#)

        poll("fixed")
        #expect(metric("success") == #"tollgate_reloads_total{result="success"} 2"#)
        poll("broken-2")
        #expect(failures().count == 3, "a good load resets: the same broken content is news again")
        #expect(metric("failure") == #"tollgate_reloads_total{result="failure"} 3"#)

        poll("fixed")
        #expect(failures().count == 3, "back at what is served: nothing to load")
        poll("broken-2")
        #expect(failures().count == 4, "returning to what is served resets too")
        #expect(loads.load(ordering: .relaxed) == 6)
    }

    @Test func aGoodChangeIsSwappedInWhole() {
        let generation = Atomic<Int>(0)
        let source = PolicySource(
            description: "changing", fingerprint: { "v\(generation.load(ordering: .relaxed))" },
            load: { () throws(ReloadError) in
                let releases = try ExampleService.releases()
                return generation.load(ordering: .relaxed) == 0 ? releases : releases.filter { $0.compiled.app == "lingualeap" }
            })
        let service = ExampleService(source: source)
        let before = service.holder.snapshot
        generation.store(1, ordering: .relaxed)
        #expect(service.holder.reloadIfChanged())
        #expect(before?.apps.count == 2)
        #expect(service.holder.snapshot?.apps.keys.sorted() == ["lingualeap"])
        #expect(!service.holder.reloadIfChanged())
    }
}
