import Foundation
import Server
import TestSupport
import Testing

/// A service over the changing example policies, listening on a free port of 127.0.0.1.
final class LongPollService {
    let policies = ChangingPolicies()
    let service: ExampleService
    let server: HTTPServer

    /// What the server logged.
    let serverLog = Recorder<String>()

    init(configuration: HTTPServer.Configuration = .init(port: 0)) throws {
        service = ExampleService(source: policies.source)
        let lines = serverLog
        server = HTTPServer(responder: service.router, configuration: configuration, log: { lines.append($0) })
        try server.start()
    }

    deinit { server.shutdown() }

    var port: Int { server.port }

    /// The bundle's ETag served now.
    func etag() throws -> String {
        try #require(try RawConnection.exchange(port: port, bundleRequest()).header("etag"))
    }

    /// Changes photocollage's policy and reloads, waking the requests held for it.
    func change() {
        policies.change()
        service.holder.reloadIfChanged()
    }

    /// Waits until `count` requests are held; false after a minute.
    func waitUntilHeld(_ count: Int) -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while service.holder.waiters.count < count {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }
}

/// A GET of photocollage's bundle with `headers`.
func bundleRequest(_ headers: [String] = [], app: String = "photocollage") -> [UInt8] {
    RawConnection.request("GET", "/v1/apps/\(app)/bundle", headers: headers)
}

/// A request on a new connection, answered on a thread of its own; the read gives up after `receiveTimeout` seconds.
private func heldExchange(port: Int, _ request: [UInt8], receiveTimeout: Int = 90) -> ThreadWork<RawResponse> {
    ThreadWork {
        let connection = try RawConnection(port: port, receiveTimeout: receiveTimeout)
        try connection.send(request)
        return try connection.readResponse()
    }
}

@Suite("Long-polling bundles over real sockets")
struct LongPollTests {
    @Test func aHeldRequestGetsTheNewBundleWhenThePolicyChanges() throws {
        let served = try LongPollService()
        let old = try served.etag()
        let held = heldExchange(port: served.port, bundleRequest(["If-None-Match: \(old)", "Prefer: wait=30"]))
        #expect(served.waitUntilHeld(1))
        served.change()
        let answer = try held.join()
        let fresh = try RawConnection.exchange(port: served.port, bundleRequest())
        #expect(answer.status == 200)
        #expect(answer.header("etag") != old)
        #expect(answer.header("etag") == fresh.header("etag"))
        #expect(answer.body == fresh.body)
        #expect(answer.header("preference-applied") == "wait=30")
        #expect(served.service.holder.waiters.count == 0)
        #expect(served.service.log.contains { $0.contains(#""route":"/v1/apps/{app}/bundle","status":200"#) })
    }

    @Test func aHeldRequestIsAnswered304WhenItsWaitPasses() throws {
        let served = try LongPollService()
        let etag = try served.etag()
        let answer = try heldExchange(port: served.port, bundleRequest(["If-None-Match: \(etag)", "Prefer: wait=1"]))
            .join()
        #expect(answer.status == 304)
        #expect(answer.header("etag") == etag)
        #expect(answer.header("preference-applied") == "wait=1")
        #expect(answer.body.isEmpty)
        #expect(served.service.holder.waiters.count == 0)
        #expect(served.service.log.contains { $0.contains(#""route":"/v1/apps/{app}/bundle","status":304"#) })
    }

    /// A shorter wait that arrives after a longer one still ends first, well before the longer one (the read gives
    /// up after 30 s); the longer one stays held.
    @Test func eachHeldRequestEndsAtItsOwnWait() throws {
        let served = try LongPollService()
        let etag = try served.etag()
        let long = heldExchange(port: served.port, bundleRequest(["If-None-Match: \(etag)", "Prefer: wait=60"]))
        #expect(served.waitUntilHeld(1))
        let short = try heldExchange(port: served.port, bundleRequest(["If-None-Match: \(etag)", "Prefer: wait=1"]),
                                     receiveTimeout: 30).join()
        #expect(short.status == 304)
        #expect(short.header("preference-applied") == "wait=1")
        #expect(served.service.holder.waiters.count == 1)
        served.server.shutdown()
        #expect(try long.join().header("preference-applied") == "wait=60")
    }

    /// Answered at once: the client's read times out long before the 60 s wait would end.
    @Test func aStaleETagIsAnswered200AtOnce() throws {
        let served = try LongPollService()
        let etag = try served.etag()
        let answer = try RawConnection.exchange(port: served.port,
                                                bundleRequest([#"If-None-Match: "stale""#, "Prefer: wait=60"]))
        #expect(answer.status == 200)
        #expect(answer.header("etag") == etag)
        #expect(answer.header("preference-applied") == nil)
    }

    @Test(arguments: [
        nil, "wait=0", "wait=soon", "wait", "wait=-1", "wait=1.5", "wait=", "respond-async", ",;=,", "wait=\"\"",
    ] as [String?])
    func withoutAUsableWaitAMatchingETagIs304AtOnce(prefer: String?) throws {
        let served = try LongPollService()
        let etag = try served.etag()
        let answer = try RawConnection.exchange(
            port: served.port, bundleRequest(["If-None-Match: \(etag)"] + (prefer.map { ["Prefer: \($0)"] } ?? [])))
        #expect(answer.status == 304)
        #expect(answer.header("etag") == etag)
        #expect(answer.header("preference-applied") == nil)
    }

    @Test(arguments: [
        ("wait=600", 60), ("respond-async, wait=5", 5), ("WAIT = 7", 7), ("wait=\"9\"", 9), ("wait=60", 60),
        ("wait=99999999999999999999999", 60), ("handling=lenient, wait=12; foo=bar", 12),
    ])
    func theWaitAppliedIsReportedAndCappedAt60(prefer: String, applied: Int) throws {
        let served = try LongPollService()
        let etag = try served.etag()
        let held = heldExchange(port: served.port, bundleRequest(["If-None-Match: \(etag)", "Prefer: \(prefer)"]))
        #expect(served.waitUntilHeld(1))
        served.change()
        let answer = try held.join()
        #expect(answer.status == 200)
        #expect(answer.header("preference-applied") == "wait=\(applied)")
    }

    @Test func aHeldRequestIs404WhenItsAppDisappears() throws {
        let served = try LongPollService()
        let etag = try served.etag()
        let held = heldExchange(port: served.port, bundleRequest(["If-None-Match: \(etag)", "Prefer: wait=30"]))
        #expect(served.waitUntilHeld(1))
        served.policies.removePhotocollage()
        served.service.holder.reloadIfChanged()
        let answer = try held.join()
        #expect(answer.status == 404)
        #expect(answer.header("preference-applied") == "wait=30")
        #expect(answer.text.contains("no app 'photocollage'; this service has lingualeap"))
    }

    @Test func aChangeToAnotherAppKeepsTheRequestHeld() throws {
        let served = try LongPollService()
        let etag = try served.etag(app: "lingualeap")
        let held = heldExchange(port: served.port,
                                bundleRequest(["If-None-Match: \(etag)", "Prefer: wait=60"], app: "lingualeap"))
        #expect(served.waitUntilHeld(1))
        served.change()
        #expect(served.service.holder.waiters.count == 1)
        served.server.shutdown()
        let answer = try held.join()
        #expect(answer.status == 304)
        #expect(answer.header("etag") == etag)
    }

    /// Shutdown answers held requests at once, so it drains well within its timeout and before their 60 s wait.
    @Test func shutdownAnswersHeldRequestsAt304() throws {
        let served = try LongPollService()
        let etag = try served.etag()
        let held = (0..<3).map { _ in
            heldExchange(port: served.port, bundleRequest(["If-None-Match: \(etag)", "Prefer: wait=60"]))
        }
        #expect(served.waitUntilHeld(3))
        #expect(served.server.shutdown(timeout: .seconds(30)))
        for request in held {
            let answer = try request.join()
            #expect(answer.status == 304)
            #expect(answer.header("etag") == etag)
            #expect(answer.header("preference-applied") == "wait=60")
            #expect(answer.header("connection")?.lowercased() == "close")
        }
    }

    @Test func aConnectionLimitBeyondTheDescriptorLimitIsLoweredAndLogged() throws {
        var limits = rlimit()
        #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0)
        let hard = Int(clamping: limits.rlim_max)
        let lines = Recorder<String>()
        let server = HTTPServer(responder: ExampleService().router,
                                configuration: .init(port: 0, connectionLimit: hard + 1000),
                                log: { lines.append($0) })
        try server.start()
        defer { server.shutdown() }
        #expect(server.connectionLimit == hard - 128)
        #expect(lines.items.contains {
            $0 == "serving at most \(hard - 128) connections at once, not \(hard + 1000): the process may open only "
                + "\(hard) files; raise its limit (ulimit -n) to serve more"
        })
        #expect(try RawConnection.exchange(port: server.port, bundleRequest()).status == 200)
    }

    /// Held connections count against the limit: one more connection waits, unanswered, until they are answered
    /// (its answer comes from the changed policy), then it is served.
    @Test(arguments: [1, 4])
    func heldRequestsAtTheConnectionLimitMakeTheNextConnectionWait(threadPoolSize: Int) throws {
        let served = try LongPollService(configuration: .init(port: 0, threadPoolSize: threadPoolSize,
                                                              connectionLimit: 20))
        let old = try served.etag()
        let clients = try PolledClients(port: served.port, count: 20,
                                        request: bundleRequest(["If-None-Match: \(old)", "Prefer: wait=60"]))
        try #require(served.waitUntilHeld(20))
        let extra = try RawConnection(port: served.port, receiveTimeout: 60)
        try extra.send(bundleRequest())
        served.change()
        let answers = try clients.responses(by: .now + .seconds(60))
        let fresh = try served.etag()
        #expect(answers.allSatisfy { $0.status == 200 && $0.header("etag") == fresh })
        let late = try extra.readResponse()
        #expect(late.status == 200)
        #expect(late.header("etag") == fresh, "the extra connection was served before the held ones were answered")
    }

    @Test func theDefaultConnectionLimitLeavesRoomForThousandsOfLongPolls() throws {
        let server = HTTPServer(responder: ExampleService().router, configuration: .init(port: 0))
        #expect(server.configuration.connectionLimit == 10_000)
        try server.start()
        defer { server.shutdown() }
        #expect(server.connectionLimit == 10_000)
    }

    /// `tollgate serve` on SIGTERM: the held request gets its 304 at once and the process exits well before the
    /// request's 60 s wait would end (stopping waits at most 30 s).
    @Test func sigtermAnswersHeldRequestsAndStops() async throws {
        let served = try await ServedTollgate()
        let port = try #require(served.url.split(separator: ":").last.flatMap { Int($0) })
        let etag = try await onThread { try RawConnection.exchange(port: port, bundleRequest()).header("etag") ?? "" }
        let held = heldExchange(port: port, bundleRequest(["If-None-Match: \(etag)", "Prefer: wait=60"]))
        let metrics = RawConnection.request("GET", "/metrics")
        let deadline = ContinuousClock.now + .seconds(60)
        while !(try await onThread { try RawConnection.exchange(port: port, metrics) }).text
            .contains("\ntollgate_held_requests 1\n")
        {
            try #require(ContinuousClock.now < deadline, "the request was never held")
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(await served.stop(timeout: .seconds(30)) == 0)
        let answer = try await onThread { try held.join() }
        #expect(answer.status == 304)
        #expect(answer.header("etag") == etag)
        #expect(answer.header("preference-applied") == "wait=60")
    }

    @Test func metricsCountTheHeldRequests() throws {
        let served = try LongPollService()
        let etag = try served.etag()
        let metrics = { try RawConnection.exchange(port: served.port, RawConnection.request("GET", "/metrics")).text }
        #expect(try metrics().contains(
            "# TYPE tollgate_held_requests gauge\ntollgate_held_requests 0\n"))
        let held = (0..<2).map { _ in
            heldExchange(port: served.port, bundleRequest(["If-None-Match: \(etag)", "Prefer: wait=60"]))
        }
        #expect(served.waitUntilHeld(2))
        #expect(try metrics().contains("\ntollgate_held_requests 2\n"))
        served.change()
        for request in held { #expect(try request.join().status == 200) }
        #expect(try metrics().contains("\ntollgate_held_requests 0\n"))
    }

    /// The same deferred answer for every held request: the first completion wins.
    @Test func aDeferredResponseIsAnsweredOnce() {
        let answers = Recorder<Int>()
        let deferred = DeferredResponse(deadline: .now + .seconds(60), fallback: HTTPResponse(status: 304)) {
            answers.append($0.status)
        }
        #expect(!deferred.isAnswered)
        #expect(deferred.complete(HTTPResponse(status: 200)))
        #expect(!deferred.complete(HTTPResponse(status: 404)))
        #expect(deferred.isAnswered)
        #expect(answers.items == [200])
    }
}

extension LongPollService {
    func etag(app: String) throws -> String {
        try #require(try RawConnection.exchange(port: port, bundleRequest(app: app)).header("etag"))
    }
}
