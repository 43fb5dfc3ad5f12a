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

extension StoreProject {
    /// Queries that count rows a publish may only ever write together, by what each count means: all zero in a
    /// store no interrupted or concurrent publish half-wrote. Both backends share the schema's tables.
    static let halfWrittenRows = [
        "snapshots without an audit entry":
            "SELECT count(*) AS n FROM snapshots s WHERE NOT EXISTS (SELECT 1 FROM audit a WHERE a.snapshot_id = s.id)",
        "snapshots without files":
            "SELECT count(*) AS n FROM snapshots s "
            + "WHERE NOT EXISTS (SELECT 1 FROM snapshot_files f WHERE f.snapshot_id = s.id)",
        "channels not at their newest audit entry":
            "SELECT count(*) AS n FROM channels c WHERE c.snapshot_id <> (SELECT a.snapshot_id FROM audit a "
            + "WHERE a.app = c.app AND a.channel = c.name ORDER BY a.id DESC LIMIT 1)",
        "products naming a version that does not exist":
            "SELECT count(*) AS n FROM products p WHERE NOT EXISTS (SELECT 1 FROM snapshots s "
            + "WHERE s.app = p.app AND s.version = p.last_version) OR NOT EXISTS (SELECT 1 FROM snapshots s "
            + "WHERE s.app = p.app AND s.version = p.first_version)",
    ]

    /// The counts of `halfWrittenRows` in the project's store, read behind the store's back.
    func halfWrittenRows() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for (meaning, query) in Self.halfWrittenRows {
            if let database {
                counts[meaning] = Int(try database.execute(query))
            } else {
                let connection = try Connection(path: storePath, readOnly: true)
                counts[meaning] = Int(try connection.prepare(query).onlyRow().integer("n"))
            }
        }
        return counts
    }
}

