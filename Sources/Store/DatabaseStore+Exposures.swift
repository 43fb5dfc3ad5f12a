/// The `exposures` table: one row per app, experiment, seed and user, holding the first exposure's variant,
/// time and policy, and `multiple` once the user was seen in another variant. Read through its index by app,
/// experiment, seed and first time.
///
/// A batch is one transaction of upserts and takes no advisory lock: on PostgreSQL writers that insert the same
/// user at once wait for each other on the row (the second then updates it), and every batch visits its rows
/// in the same order, so two batches never wait for each other in a cycle.
extension DatabaseStore: ExposureStore {
    package func recordExposures(_ batch: [Exposure]) throws(StoreError) {
        let rows = Self.firstExposures(batch)
        guard !rows.isEmpty else { return }
        try backend.write(locking: nil) { () throws(Backend.Failure) in
            var start = 0
            while start < rows.count {
                // The largest power of two of the rows left, at most 512: every batch is made of the same ten
                // statements, which each connection prepares once.
                let left = rows.count - start
                let exponent = min(ExposureUpsert.statements.count - 1, Int.bitWidth - 1 - left.leadingZeroBitCount)
                let chunk = rows[start..<start + 1 << exponent]
                var parameters: [StoreValue] = []
                parameters.reserveCapacity(chunk.count * 8)
                for row in chunk {
                    let exposure = row.exposure
                    parameters.append(.text(exposure.app))
                    parameters.append(.text(exposure.experiment))
                    parameters.append(.text(exposure.seed))
                    parameters.append(.text(exposure.user))
                    parameters.append(.text(exposure.variant))
                    parameters.append(.timestamp(exposure.time))
                    parameters.append(.text(exposure.policy))
                    parameters.append(.integer(row.multiple ? 1 : 0))
                }
                _ = try backend.query(ExposureUpsert.statements[exponent], parameters)
                start += chunk.count
            }
        }
    }

    package func commitWithoutWaitingForDisk() throws(StoreError) {
        try read { () throws(Backend.Failure) in
            _ = try backend.query(backend.dialect.commitsWithoutWaitingForDisk, [])
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
    static func firstExposures(_ batch: [Exposure]) -> [FirstExposure] {
        var positions: [ExposureKey: Int] = [:]
        positions.reserveCapacity(batch.count)
        var rows: [FirstExposure] = []
        rows.reserveCapacity(batch.count)
        for exposure in batch {
            let key = ExposureKey(exposure)
            guard let position = positions[key] else {
                positions[key] = rows.count
                rows.append(FirstExposure(exposure: exposure, multiple: false))
                continue
            }
            rows[position].multiple = rows[position].multiple || rows[position].exposure.variant != exposure.variant
            if exposure.time < rows[position].exposure.time { rows[position].exposure = exposure }
        }
        // Sorting the positions moves integers, not rows.
        return rows.indices.sorted { ExposureKey.precedes(rows[$0].exposure, rows[$1].exposure) }.map { rows[$0] }
    }
}

/// The statements that upsert a batch of exposures.
enum ExposureUpsert {
    /// The upserts of 1, 2, 4 … 512 rows, by exponent: eight parameters a row, well below either backend's limit.
    /// An earlier exposure takes the row's variant, time and policy; another variant marks it multiple. A row
    /// that neither changes is left alone.
    static let statements: [String] = (0...9).map { exponent in
        let values = (0..<1 << exponent).map { row in
            "(" + (1...8).map { "?\(row * 8 + $0)" }.joined(separator: ", ") + ")"
        }
        return """
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
            """
    }
}

/// A row of a batch to upsert: the earliest exposure of its key, and whether the batch saw another variant too.
struct FirstExposure {
    var exposure: Exposure
    var multiple: Bool
}

/// What identifies an exposure row.
struct ExposureKey: Hashable {
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

    /// Whether `lhs`'s key comes before `rhs`'s, field by field, read in place.
    static func precedes(_ lhs: borrowing Exposure, _ rhs: borrowing Exposure) -> Bool {
        if lhs.app != rhs.app { return lhs.app < rhs.app }
        if lhs.experiment != rhs.experiment { return lhs.experiment < rhs.experiment }
        if lhs.seed != rhs.seed { return lhs.seed < rhs.seed }
        return lhs.user < rhs.user
    }
}
