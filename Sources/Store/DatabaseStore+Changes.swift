package import TollgateEvaluation

/// Publishing and rollback: each one transaction, in which a crash leaves the old or the new state.
extension DatabaseStore {
    /// A snapshot that a reference or a channel names.
    typealias Target = (id: Int64, version: Int, hash: String)

    /// Publishes a snapshot to a channel in one transaction; a snapshot already published is reused,
    /// one the channel already serves changes nothing, and conflicts with what the store holds refuse it.
    package func publish(_ publication: Publication) throws(StoreError) -> PublishResult {
        try write(app: publication.app) { () throws(Backend.Failure) in try publishing(publication) }
    }

    /// Points `channel` back at the snapshot `reference` names (a version or a hash prefix), unless it
    /// points there already.
    package func rollback(app: String, channel: String, to reference: String, author: String, message: String,
                          createdAt: Timestamp) throws(StoreError) -> ChannelChange {
        let target = try resolve(app: app, reference: reference)
        return try write(app: app) { () throws(Backend.Failure) in
            if try activeSnapshotID(app: app, channel: channel) == target.id {
                return .alreadyActive(version: target.version, hash: target.hash)
            }
            return .changed(try point(app: app, channel: channel, at: target, action: .rollback, author: author,
                                      message: message, createdAt: createdAt))
        }
    }

    // MARK: Helpers

    private func publishing(_ publication: Publication) throws(Backend.Failure) -> PublishResult {
        let app = StoreValue.text(publication.app)
        let existing = try backend.query("SELECT id, version FROM snapshots WHERE app = ?1 AND hash = ?2",
                                         [app, .text(publication.hash)])
            .first.map { (row) throws(Backend.Failure) in
                (id: try row.integer("id"), version: try row.integer("version"))
            }
        if let existing, try activeSnapshotID(app: publication.app, channel: publication.channel) == existing.id {
            return .applied(.alreadyActive(version: Int(existing.version), hash: publication.hash))
        }
        let latest = try latestVersion(of: publication.app)
        let conflicts = try conflicts(with: publication, latest: latest)
        guard conflicts.isEmpty else { return .refused(conflicts, latestVersion: Int(latest)) }
        let id: Int64
        let version: Int64
        if let existing {
            (id, version) = existing
        } else {
            version = latest + 1
            id = try backend.queryRow("""
                INSERT INTO snapshots (app, version, hash, bundle, author, message, created_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id
                """, [app, .integer(version), .text(publication.hash), .bytes(publication.bundle),
                      .text(publication.author), .text(publication.message), .timestamp(publication.createdAt)])
                .integer("id")
            for (path, content) in publication.files.sorted(by: { $0.key < $1.key }) {
                _ = try backend.query("INSERT INTO snapshot_files (snapshot_id, path, content) VALUES (?1, ?2, ?3)",
                                      [.integer(id), .text(path), .bytes(content)])
            }
            for (productID, type) in publication.products {
                _ = try backend.query("""
                    INSERT INTO products (app, product_id, type, first_version, last_version) VALUES (?1, ?2, ?3, ?4, ?4)
                    ON CONFLICT (app, product_id) DO UPDATE SET last_version = excluded.last_version
                    """, [app, .text(productID), .text(type), .integer(version)])
            }
        }
        let entry = try point(app: publication.app, channel: publication.channel, at: (id, Int(version), publication.hash),
                              action: .publish, author: publication.author, message: publication.message,
                              createdAt: publication.createdAt)
        return .applied(.changed(entry))
    }

    /// Conflicts of `publication` with what the store holds, read inside the write transaction, where no
    /// other publish of the app can interleave.
    private func conflicts(with publication: Publication, latest: Int64) throws(Backend.Failure) -> [ProductConflict] {
        let rows = try backend.query("SELECT product_id, type, last_version FROM products WHERE app = ?1",
                                     [.text(publication.app)])
        let published = Dictionary(try rows.map { (row) throws(Backend.Failure) in
            (try row.text("product_id"), (type: try row.text("type"), lastVersion: try row.integer("last_version")))
        }) { first, _ in first }
        return ProductConflict.find(in: publication, published: published, latest: latest)
    }

    private func activeSnapshotID(app: String, channel: String) throws(Backend.Failure) -> Int64? {
        try backend.query("SELECT snapshot_id FROM channels WHERE app = ?1 AND name = ?2", [.text(app), .text(channel)])
            .first.map { (row) throws(Backend.Failure) in try row.integer("snapshot_id") }
    }

    private func point(app: String, channel: String, at target: Target, action: HistoryEntry.Action, author: String,
                       message: String, createdAt: Timestamp) throws(Backend.Failure) -> HistoryEntry {
        _ = try backend.query("""
            INSERT INTO channels (app, name, snapshot_id) VALUES (?1, ?2, ?3)
            ON CONFLICT (app, name) DO UPDATE SET snapshot_id = excluded.snapshot_id
            """, [.text(app), .text(channel), .integer(target.id)])
        _ = try backend.query("""
            INSERT INTO audit (app, channel, action, snapshot_id, author, message, created_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """, [.text(app), .text(channel), .text(action.rawValue), .integer(target.id), .text(author),
                  .text(message), .timestamp(createdAt)])
        try backend.channelMoved(app: app)
        return HistoryEntry(version: target.version, hash: target.hash, app: app, channel: channel, action: action,
                            author: author, message: message, createdAt: createdAt, active: true)
    }
}
