import Foundation
import Replication
import Server
import Store
import Synchronization
import TestSupport
import Testing
import TollgateEvaluation

/// The exposure recorder: batches written off the caller's thread, duplicates buffered once, at most 100,000 held
/// while the store fails (the rest counted as dropped), retries until the store answers, and a stop that writes
/// what is held.
@Suite struct ExposureRecorderTests {
    /// A store the test turns off and on, keeping each batch it took.
    final class FakeStore: Sendable {
        private let state = Mutex((down: false, batches: [[Exposure]]()))

        var batches: [[Exposure]] { state.withLock { $0.batches } }
        var written: Int { batches.reduce(0) { $0 + $1.count } }

        func set(down: Bool) {
            state.withLock { $0.down = down }
        }

        func write(_ batch: [Exposure]) throws(StoreError) {
            let down = state.withLock { state in
                if !state.down { state.batches.append(batch) }
                return state.down
            }
            if down { throw .unreachable(name: "fake", PostgresError(message: "down", connectionLost: true)) }
        }
    }

    static func settings(batchSize: Int = 10, interval: Double = 60, stopWait: Double = 5) -> ExposureRecorder.Settings {
        var settings = ExposureRecorder.Settings()
        settings.batchSize = batchSize
        settings.interval = interval
        settings.backoff = Backoff(first: 0.01, cap: 0.05)
        settings.stopWait = stopWait
        return settings
    }

    static func expose(_ recorder: ExposureRecorder, _ user: Int, variant: String = "paywall") {
        recorder.expose(app: "demo", experiment: "onboarding", seed: "onboarding", variant: variant, user: "user-\(user)",
                        time: Timestamp(secondsSince1970: 1_796_040_000), policy: "sha256:1")
    }

    static func counter(_ name: String, in metrics: Metrics) -> String? {
        metrics.text().split(separator: "\n").first { $0.hasPrefix(name + " ") }.map { String($0.dropFirst(name.count + 1)) }
    }

    @Test func aFullBatchIsWrittenAtOnceAndDuplicatesOnce() async throws {
        let store = FakeStore()
        let metrics = Metrics()
        let recorder = ExposureRecorder(settings: Self.settings(), metrics: metrics, log: { _ in },
                                        write: { (batch) throws(StoreError) in try store.write(batch) })
        for user in 0..<10 { Self.expose(recorder, user) }
        #expect(await eventually(within: .seconds(30)) { store.written == 10 && recorder.held == 0 },
                "without waiting for the interval")
        for _ in 0..<3 { Self.expose(recorder, 10) }
        Self.expose(recorder, 10, variant: "holdout")
        #expect(recorder.held == 2, "the same exposure is buffered once; another variant is another exposure")
        recorder.stop()
        #expect(store.batches.map(\.count) == [10, 2])
        #expect(store.batches.last?.map(\.variant) == ["paywall", "holdout"])
        #expect(Self.counter("tollgate_exposures_recorded_total", in: metrics) == "12")
        #expect(Self.counter("tollgate_exposures_dropped_total", in: metrics) == "0")
    }

    @Test func aBacklogIsWrittenBatchByBatchEachExposureOnceInOrder() async throws {
        let store = FakeStore()
        store.set(down: true)
        let recorder = ExposureRecorder(settings: Self.settings(), metrics: Metrics(), log: { _ in },
                                        write: { (batch) throws(StoreError) in try store.write(batch) })
        for user in 0..<35 { Self.expose(recorder, user) }
        #expect(recorder.held == 35)
        store.set(down: false)
        #expect(await eventually(within: .seconds(30)) { recorder.held == 0 })
        for user in 35..<38 { Self.expose(recorder, user) }
        recorder.stop()
        #expect(store.batches.map(\.count) == [10, 10, 10, 5, 3])
        #expect(store.batches.joined().map(\.user) == (0..<38).map { "user-\($0)" })
    }

    @Test func whatIsHeldIsWrittenWithinTheInterval() async throws {
        let store = FakeStore()
        let recorder = ExposureRecorder(settings: Self.settings(batchSize: 1_000, interval: 0.05), metrics: Metrics(),
                                        log: { _ in }, write: { (batch) throws(StoreError) in try store.write(batch) })
        defer { recorder.stop() }
        for user in 0..<3 { Self.expose(recorder, user) }
        #expect(await eventually(within: .seconds(30)) { store.written == 3 })
        #expect(recorder.held == 0)
    }

    @Test func aStoreThatFailsKeepsAtMostTheLimitAndCountsTheRest() async throws {
        let store = FakeStore()
        store.set(down: true)
        let metrics = Metrics()
        let lines = Recorder<String>()
        let recorder = ExposureRecorder(settings: Self.settings(batchSize: 1_000, interval: 0.01), metrics: metrics,
                                        log: { lines.append($0) },
                                        write: { (batch) throws(StoreError) in try store.write(batch) })
        for user in 0..<100_050 { Self.expose(recorder, user) }
        #expect(recorder.held == 100_000)
        #expect(Self.counter("tollgate_exposures_dropped_total", in: metrics) == "50")
        #expect(await eventually(within: .seconds(30)) { lines.items.contains { $0.contains("cannot write exposures") } })
        store.set(down: false)
        #expect(await eventually(within: .seconds(60)) { recorder.held == 0 }, "the retries reach the store again")
        recorder.stop()
        #expect(store.written == 100_000)
        #expect(Set(store.batches.joined().map(\.user)).count == 100_000)
        #expect(store.batches.allSatisfy { $0.count <= 1_000 })
        #expect(Self.counter("tollgate_exposures_recorded_total", in: metrics) == "100000")
        #expect(lines.items.contains { $0.contains("writing exposures again") })
    }

    @Test func exposingNeverWaitsForAWrite() async throws {
        let store = FakeStore()
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let recorder = ExposureRecorder(settings: Self.settings(batchSize: 10), metrics: Metrics(), log: { _ in },
                                        write: { (batch) throws(StoreError) in
                                            entered.signal()
                                            release.wait()
                                            try store.write(batch)
                                        })
        for user in 0..<10 { Self.expose(recorder, user) }
        entered.wait()
        for user in 10..<5_000 { Self.expose(recorder, user) }
        #expect(recorder.held == 5_000, "all taken while the first write is stuck")
        for _ in 0..<1_000 { release.signal() }
        recorder.stop()
        #expect(store.written == 5_000)
    }

    @Test func aCleanStopWritesWhatIsHeld() {
        let store = FakeStore()
        let recorder = ExposureRecorder(settings: Self.settings(batchSize: 100), metrics: Metrics(), log: { _ in },
                                        write: { (batch) throws(StoreError) in try store.write(batch) })
        for user in 0..<250 { Self.expose(recorder, user) }
        recorder.stop()
        #expect(store.written == 250)
        #expect(recorder.held == 0)
        Self.expose(recorder, 1_000)
        #expect(recorder.held == 0, "a stopped recorder takes nothing")
    }

    @Test func aStopWhileTheStoreFailsCountsWhatItCouldNotWrite() {
        let store = FakeStore()
        store.set(down: true)
        let metrics = Metrics()
        let recorder = ExposureRecorder(settings: Self.settings(stopWait: 0.2), metrics: metrics, log: { _ in },
                                        write: { (batch) throws(StoreError) in try store.write(batch) })
        for user in 0..<5 { Self.expose(recorder, user) }
        recorder.stop()
        #expect(store.written == 0)
        #expect(Self.counter("tollgate_exposures_dropped_total", in: metrics) == "5")
    }
}
