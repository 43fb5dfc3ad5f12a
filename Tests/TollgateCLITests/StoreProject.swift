import Foundation
import Store
import TestSupport
import Testing

/// A temporary copy of the example project (`Policies/` and `Templates/`) for commands that write a store, with a
/// store on one backend: `store.sqlite` in the folder, or a new PostgreSQL database.
struct StoreProject {
    static let repositoryRoot = Fixtures.repositoryRoot()
    /// The SQLite store's file name, in the project folder.
    static let store = "store.sqlite"

    let folder: URL
    let backend: StoreBackend
    /// The project's own database on PostgreSQL; dropped by `remove()`.
    let database: TestDatabase?

    init(_ name: String, backend: StoreBackend = .sqlite) throws {
        database = backend == .postgres ? try TestDatabase.create(name) : nil
        self.backend = backend
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for item in ["Policies", "Templates"] {
            try FileManager.default.copyItem(at: Self.repositoryRoot.appendingPathComponent(item),
                                             to: folder.appendingPathComponent(item))
        }
    }

    var path: String { folder.path }
    var storePath: String { folder.appendingPathComponent(Self.store).path }

    /// What `--store` names from the project folder, and what messages call the store: `store.sqlite`, or the
    /// database's URL.
    var store: String { database?.url ?? Self.store }

    /// What `--store` names from any folder: the SQLite file's absolute path, or the database's URL.
    var sharedStore: String { database?.url ?? storePath }

    /// Opens the project's store as the commands do.
    func open(_ mode: StoreMode) throws -> any PolicyStore {
        try StoreLocation(sharedStore).open(mode)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
        database?.drop()
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
    }

    func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(relative))
    }

    /// Replaces the one occurrence of `original` in the file at `relative`.
    func edit(_ relative: String, replacing original: String, with replacement: String) throws {
        let text = try read(relative)
        try #require(text.components(separatedBy: original).count == 2, "'\(original)' must occur once in \(relative)")
        try write(text.replacingOccurrences(of: original, with: replacement), to: relative)
    }

    /// Sets the USD reference price of photocollage's remove-ads product, which no rule compares.
    func setRemoveAdsPrice(_ price: String, from original: String = "2.99") throws {
        try edit("Policies/photocollage.yaml", replacing: #"{ USD: "\#(original)", KRW: "3900""#,
                 with: #"{ USD: "\#(price)", KRW: "3900""#)
    }
}
