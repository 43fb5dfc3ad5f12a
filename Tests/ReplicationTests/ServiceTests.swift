import Foundation
import Replication
import Server
import Store
import Testing
import TestSupport

/// `Service.start`: one call from a configuration to a listening service, which logs where it listens.
@Suite struct ServiceTests {
    /// The example apps as the folder, and no published snapshot.
    struct ExampleLoader: ReleaseLoader {
        var folderDescription: String { "examples" }
        func folderFingerprint() -> String { "examples" }
        func releases() throws(ReloadError) -> [AppRelease] { try ExampleApps.releases() }
        func release(of snapshot: Snapshot) throws(ReloadError) -> AppRelease {
            throw ReloadError("no snapshot in these tests")
        }
    }

    static func configuration(source: ServiceConfiguration.Source, store: String, log: Recorder<String>)
        -> ServiceConfiguration
    {
        ServiceConfiguration(port: 0, host: "127.0.0.1", admin: nil, log: { log.append($0) },
                             now: { Date(timeIntervalSince1970: 1_796_040_000) }, store: .sqlite(path: store),
                             storeName: store, source: source, loader: ExampleLoader())
    }

    @Test func aFolderServiceLoadsItsAppsListensAndSaysWhere() throws {
        let (store, remove) = TemporaryStore.make()
        defer { remove() }
        let log = Recorder<String>()
        let service = try Service.start(Self.configuration(source: .folder, store: store, log: log))
        defer { service.stop() }
        let port = service.address.port
        #expect(port > 0)
        #expect(log.items == [
            #"{"event":"reload","result":"ok","apps":2}"#,
            #"{"event":"listening","url":"http://127.0.0.1:\#(port)","address":"127.0.0.1","port":\#(port),"#
                + #""source":"examples","apps":2,"admin":false}"#,
        ])
    }

    @Test func aSQLiteStoreThatCannotBeOpenedStopsTheStart() {
        let (store, remove) = TemporaryStore.make()
        defer { remove() }
        let log = Recorder<String>()
        #expect(throws: ServiceError.self) {
            try Service.start(Self.configuration(source: .channel("production"), store: store, log: log))
        }
        #expect(log.items.isEmpty)
    }
}
