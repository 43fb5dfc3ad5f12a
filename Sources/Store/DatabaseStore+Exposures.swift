/// The `exposures` table: one row per app, experiment, seed and user, holding the first exposure's variant,
/// time and policy, and `multiple` once the user was seen in another variant. Read through its index by app,
/// experiment, seed and first time.
///
/// A batch is one transaction of upserts and takes no advisory lock: on PostgreSQL writers that insert the same
/// user at once wait for each other on the row (the second then updates it), and every batch visits its rows
/// in the same order, so two batches never wait for each other in a cycle.
extension DatabaseStore: ExposureStore {
    /// Rows per statement: eight parameters each, well below either backend's limit.
    static var exposureRowsPerStatement: Int { 500 }

    package func recordExposures(_ batch: [Exposure]) throws(StoreError) {
        let rows = Self.firstExposures(batch)
        guard !rows.isEmpty else { return }
        try backend.write(locking: nil) { () throws(Backend.Failure) in
            var start = 0
            while start < rows.count {
                let chunk = rows[start..<min(start + Self.exposureRowsPerStatement, rows.count)]
                let values = chunk.indices.map { index in
                    let first = (index - start) * 8
                    return "(" + (1...8).map { "?\(first + $0)" }.joined(separator: ", ") + ")"
                }
                let parameters = chunk.flatMap { row -> [StoreValue] in
                    [.text(row.exposure.app), .text(row.exposure.experiment), .text(row.exposure.seed),
                     .text(row.exposure.user), .text(row.exposure.variant), .timestamp(row.exposure.time),
                     .text(row.exposure.policy), .integer(row.multiple ? 1 : 0)]
                }
                // An earlier exposure takes the row's variant, time and policy; another variant marks it
                // multiple. A row that neither changes is left alone.
                _ = try backend.query("""
                    INSERT INTO exposures (app, experiment, seed, user_id, variant, first_time, policy, multiple)
                    VALUES \(values.joined(separator: ", "))
                    ON CONFLICT (app, experiment, seed, user_id) DO UPDATE SET
                        multiple = CASE WHEN exposures.multiple = 1 OR excluded.multiple = 1
                            OR exposures.variant <> excluded.variant THEN 1 ELSE 0 END,
                        variant = CASE WHEN excluded.first_time < exposures.first_time
                            THEN excluded.variant ELSE exposures.variant END,
                        policy = CASE WHEN excluded.first_time < exposures.first_time
                            THEN excluded.policy ELSE exposures.policy END,
                        first_time = CASE WHEN excluded.first_time < exposures.first_time
                            THEN excluded.first_time ELSE exposures.first_time END
                    WHERE exposures.variant <> excluded.variant OR excluded.first_time < exposures.first_time
                        OR (excluded.multiple = 1 AND exposures.multiple = 0)
                    """, parameters)
                start += Self.exposureRowsPerStatement
            }
        }
    }

    package func exposures(app: String, experiment: String) throws(StoreError) -> [StoredExposure] {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("exposures") else { return [] }
            return try backend.query("""
                SELECT seed, user_id, variant, first_time, policy, multiple FROM exposures
                WHERE app = ?1 AND experiment = ?2 ORDER BY seed, first_time, user_id
                """, [.text(app), .text(experiment)]).map { (row) throws(Backend.Failure) in
                StoredExposure(seed: try row.text("seed"), user: try row.text("user_id"),
                               variant: try row.text("variant"), firstTime: try row.timestamp("first_time"),
                               policy: try row.text("policy"), multiple: try row.integer("multiple") != 0)
            }
        }
    }

    /// One row per app, experiment, seed and user (a statement may not upsert a row twice): the earliest
    /// exposure, marked multiple when the batch saw the user in another variant too; sorted by that key, the
    /// order every writer takes its row locks in.
    static func firstExposures(_ batch: [Exposure]) -> [(exposure: Exposure, multiple: Bool)] {
        var rows: [ExposureKey: (exposure: Exposure, multiple: Bool)] = [:]
        for exposure in batch {
            let key = ExposureKey(exposure)
            guard let kept = rows[key] else {
                rows[key] = (exposure, false)
                continue
            }
            let multiple = kept.multiple || kept.exposure.variant != exposure.variant
            rows[key] = (exposure.time < kept.exposure.time ? exposure : kept.exposure, multiple)
        }
        return rows.sorted { $0.key < $1.key }.map(\.value)
    }
}

/// What identifies an exposure row, ordered field by field.
struct ExposureKey: Hashable, Comparable {
    var app: String
    var experiment: String
    var seed: String
    var user: String

    init(_ exposure: Exposure) {
        app = exposure.app
        experiment = exposure.experiment
        seed = exposure.seed
        user = exposure.user
    }

    static func < (lhs: ExposureKey, rhs: ExposureKey) -> Bool {
        (lhs.app, lhs.experiment, lhs.seed, lhs.user) < (rhs.app, rhs.experiment, rhs.seed, rhs.user)
    }
}
