import Store
import TestSupport
import Testing
import TollgateEvaluation

/// The exposure table, alike on both backends: each user's first exposure kept per experiment and seed, a user
/// seen in another variant marked multiple, whatever order batches arrive in and with writers at once.
@Suite(.tags(.postgres)) struct ExposureStoreTests {
    static let noon = TemporaryStore.noon

    static func exposure(_ user: String, _ variant: String, at offset: Int64, seed: String = "onboarding",
                         experiment: String = "onboarding", policy: String = "sha256:1") -> Exposure {
        Exposure(app: "demo", experiment: experiment, seed: seed, variant: variant, user: user,
                 time: Timestamp(secondsSince1970: noon.secondsSince1970 + offset), policy: policy)
    }

    static func time(_ offset: Int64) -> Timestamp {
        Timestamp(secondsSince1970: noon.secondsSince1970 + offset)
    }

    @Test(arguments: StoreBackend.allCases) func theFirstExposureIsKept(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let exposures = try StoreLocation(store.location).openExposures(.create)
        try exposures.recordExposures([Self.exposure("alice", "paywall", at: 10, policy: "sha256:1"),
                                       Self.exposure("bob", "holdout", at: 20)])
        try exposures.recordExposures([Self.exposure("alice", "paywall", at: 30, policy: "sha256:2"),
                                       Self.exposure("bob", "holdout", at: 5, policy: "sha256:0")])
        try exposures.recordExposures([])
        #expect(try exposures.exposures(app: "demo", experiment: "onboarding") == [
            StoredExposure(seed: "onboarding", user: "bob", variant: "holdout", firstTime: Self.time(5),
                           policy: "sha256:0", multiple: false),
            StoredExposure(seed: "onboarding", user: "alice", variant: "paywall", firstTime: Self.time(10),
                           policy: "sha256:1", multiple: false),
        ], "a later exposure changes nothing; one that arrives late but happened earlier is the first")
    }

    @Test(arguments: StoreBackend.allCases) func anotherVariantMarksTheUserMultiple(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let exposures = try StoreLocation(store.location).openExposures(.create)
        try exposures.recordExposures([Self.exposure("alice", "paywall", at: 10),
                                       Self.exposure("carol", "paywall", at: 10), Self.exposure("carol", "holdout", at: 3)])
        try exposures.recordExposures([Self.exposure("alice", "holdout", at: 20)])
        try exposures.recordExposures([Self.exposure("alice", "paywall", at: 40)])
        let rows = try exposures.exposures(app: "demo", experiment: "onboarding")
        #expect(rows == [
            StoredExposure(seed: "onboarding", user: "carol", variant: "holdout", firstTime: Self.time(3),
                           policy: "sha256:1", multiple: true),
            StoredExposure(seed: "onboarding", user: "alice", variant: "paywall", firstTime: Self.time(10),
                           policy: "sha256:1", multiple: true),
        ], "in one batch or across batches, and it stays multiple")
    }

    @Test(arguments: StoreBackend.allCases) func seedsAndExperimentsAreApart(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let exposures = try StoreLocation(store.location).openExposures(.create)
        try exposures.recordExposures([Self.exposure("alice", "paywall", at: 10),
                                       Self.exposure("alice", "holdout", at: 20, seed: "onboarding-2"),
                                       Self.exposure("alice", "holdout", at: 30, experiment: "other")])
        let rows = try exposures.exposures(app: "demo", experiment: "onboarding")
        #expect(rows.map { "\($0.seed) \($0.variant) \($0.multiple)" } == ["onboarding paywall false",
                                                                           "onboarding-2 holdout false"])
        #expect(try exposures.exposures(app: "other-app", experiment: "onboarding").isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func aStoreWithoutTheTableReadsNoExposures(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        _ = try store.open(.create)
        let reader = try StoreLocation(store.location).openExposures(.read)
        #expect(try reader.exposures(app: "demo", experiment: "onboarding").isEmpty)
    }

    /// Two writers, each with its own connection, record the same users at once in batches of their own order:
    /// each user has one row, the earliest time of either, multiple where the writers saw different variants.
    @Test(arguments: StoreBackend.allCases) func writersAtOnceAgree(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        _ = try StoreLocation(store.location).openExposures(.create)
        let users = 600
        let writers = (0..<2).map { writer in
            ThreadWork {
                let exposures = try StoreLocation(store.location).openExposures(.write)
                var generator = SplitMix64(seed: UInt64(writer + 1))
                let all = (0..<users).map { (user: Int) -> Exposure in
                    let variant = writer == 1 && user % 3 == 0 ? "holdout" : "paywall"
                    let offset = writer == 0 ? Int64(user) : Int64(1_000 - user)
                    return Self.exposure("user-\(user)", variant, at: offset)
                }.shuffled(using: &generator)
                for start in stride(from: 0, to: all.count, by: 50) {
                    try exposures.recordExposures(Array(all[start..<min(start + 50, all.count)]))
                }
            }
        }
        for writer in writers { try writer.join() }
        let rows = try StoreLocation(store.location).openExposures(.read).exposures(app: "demo", experiment: "onboarding")
        #expect(rows.count == users)
        for row in rows {
            let user = Int(row.user.dropFirst("user-".count))!
            #expect(row.multiple == (user % 3 == 0), "\(row.user)")
            #expect(row.firstTime == Self.time(Int64(min(user, 1_000 - user))), "\(row.user)")
            if !row.multiple { #expect(row.variant == "paywall") }
        }
    }

    /// A batch goes in as statements of a power of two of rows up to 512, the last ones smaller: every row of a
    /// batch of 1,301 users is written once, a user repeated within it keeps the earliest exposure and is marked
    /// multiple when the repeat was of another variant; on a connection whose commits do not wait for the disk.
    @Test(arguments: StoreBackend.allCases) func aBatchOfAnySizeIsWrittenWhole(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let exposures = try StoreLocation(store.location).openExposures(.create)
        try exposures.commitWithoutWaitingForDisk()
        let users = 1_301
        var batch = (0..<users).map { Self.exposure("user-\($0)", "paywall", at: Int64($0)) }
        batch += [Self.exposure("user-7", "paywall", at: 2), Self.exposure("user-9", "holdout", at: 100)]
        try exposures.recordExposures(batch.reversed())
        let rows = try StoreLocation(store.location).openExposures(.read).exposures(app: "demo", experiment: "onboarding")
        #expect(rows.count == users)
        #expect(Set(rows.map(\.user)).count == users)
        let byUser = Dictionary(uniqueKeysWithValues: rows.map { ($0.user, $0) })
        #expect(byUser["user-7"]?.firstTime == Self.time(2))
        #expect(byUser["user-7"]?.multiple == false)
        #expect(byUser["user-9"]?.firstTime == Self.time(9))
        #expect(byUser["user-9"]?.multiple == true)
        #expect(byUser["user-1300"]?.firstTime == Self.time(1_300))
    }
}
