package import TollgateEvaluation

/// Experiment results' aggregation, written once for both backends: users by day, variant and `multiple` through
/// the exposures' index by first time, and the buyers' sums through a join of their purchases to their first
/// exposures by user, one row per buyer, summed per variant. Users who bought nothing add only to `users`, so the
/// join touches purchases, never every exposure. On PostgreSQL the buyers' statement is planned without nested
/// loops (`SQLDialect.tallySettings`): before new tables are analyzed the planner takes each for one row and would
/// gather the purchases again for every exposure (16 s for 600 of each); with statistics it hashes them anyway,
/// in parallel (materializing the purchases instead cost parallelism: 7 s rather than 3.5 s at 10,000,000
/// exposures), and without JIT.
extension DatabaseStore {
    package func firstExposure(app: String, experiment: String, seed: String) throws(StoreError) -> Timestamp? {
        try read { () throws(Backend.Failure) -> Timestamp? in
            guard try backend.hasTable("exposures") else { return nil }
            let row = try backend.queryRow("""
                SELECT MIN(first_time) AS first FROM exposures WHERE app = ?1 AND experiment = ?2 AND seed = ?3
                """, [.text(app), .text(experiment), .text(seed)])
            return try row.isNull("first") ? nil : try row.timestamp("first")
        }
    }

    package func tally(_ request: TallyRequest) throws(StoreError) -> ExposureTally {
        let dialect = backend.dialect
        return try read { () throws(Backend.Failure) -> ExposureTally in
            guard try backend.hasTable("store_conversions") else { return ExposureTally() }
            let period: [StoreValue] = [.text(request.app), .text(request.experiment), .text(request.seed),
                                        .timestamp(request.from), .timestamp(request.to)]
            var tally = ExposureTally()
            var days: [String: [String: Int]] = [:]
            for row in try backend.query("""
                SELECT substr(first_time, 1, 10) AS day, variant, multiple, COUNT(*) AS users FROM exposures
                WHERE app = ?1 AND experiment = ?2 AND seed = ?3 AND first_time >= ?4 AND first_time < ?5
                GROUP BY substr(first_time, 1, 10), variant, multiple
                """, period) {
                let users = Int(try row.integer("users"))
                guard try row.integer("multiple") == 0 else {
                    tally.multipleExposures += users
                    continue
                }
                let variant = try row.text("variant")
                tally.variants[variant, default: .init()].users += users
                days[try row.text("day"), default: [:]][variant, default: 0] += users
            }
            tally.days = days.sorted { $0.key < $1.key }.map { ExposureTally.Day(day: $0.key, users: $0.value) }
            let factors = request.factors.sorted { $0.key < $1.key }
            let rates = factors.isEmpty
                ? "SELECT CAST(NULL AS TEXT) AS currency, CAST(NULL AS DOUBLE PRECISION) AS factor WHERE 1 = 0"
                : "VALUES " + factors.indices.map { "(?\(7 + 2 * $0), CAST(?\(8 + 2 * $0) AS DOUBLE PRECISION))" }
                    .joined(separator: ", ")
            let parameters = period + [.integer(request.window)]
                + factors.flatMap { [StoreValue.text($0.key), .text("\($0.value)")] }
            for setting in dialect.tallySettings.on { _ = try backend.query(setting, []) }
            defer { for setting in dialect.tallySettings.off { _ = try? backend.query(setting, []) } }
            for row in try backend.query("""
                WITH rates (currency, factor) AS (\(rates)),
                purchases (user_id, time, price, refunded, currency) AS (
                    SELECT o.customer, s.time, CAST(s.value AS DOUBLE PRECISION), s.refunded, s.currency
                    FROM store_conversions s
                    JOIN purchase_owners o ON o.app = s.app AND o.store = s.store AND o.purchase = s.purchase
                    WHERE s.app = ?1 AND s.environment = 'production' AND o.customer IS NOT NULL AND s.time < ?5
                    UNION ALL
                    SELECT c.user_id, c.time, CAST(c.value AS DOUBLE PRECISION), 0, c.currency FROM client_purchases c
                    WHERE c.app = ?1 AND c.time < ?5 AND NOT EXISTS (
                        SELECT 1 FROM store_conversions s WHERE s.app = c.app AND s.transaction_id = c.transaction_id)
                ),
                buyers AS (
                    SELECT e.variant,
                        MAX(CASE WHEN p.price IS NULL OR p.price > 0 THEN 1 ELSE 0 END) AS paid,
                        MAX(CASE WHEN p.price = 0 THEN 1 ELSE 0 END) AS trial,
                        SUM(CASE WHEN p.refunded = 1 THEN 0 ELSE p.price * r.factor END) AS revenue,
                        SUM(CASE WHEN p.refunded = 0 AND (p.price IS NULL OR (p.price <> 0 AND r.factor IS NULL))
                            THEN 1 ELSE 0 END) AS left_out
                    FROM exposures e
                    JOIN purchases p ON p.user_id = e.user_id
                    LEFT JOIN rates r ON r.currency = p.currency
                    WHERE e.app = ?1 AND e.experiment = ?2 AND e.seed = ?3 AND e.multiple = 0
                        AND e.first_time >= ?4 AND e.first_time < ?5 AND p.time >= e.first_time AND p.time < ?5
                        AND \(dialect.seconds(of: "p.time")) - \(dialect.seconds(of: "e.first_time")) < ?6
                    GROUP BY e.variant, e.user_id
                )
                SELECT variant, COUNT(*) AS conversions, CAST(SUM(paid) AS BIGINT) AS paid,
                    CAST(SUM(trial) AS BIGINT) AS trials,
                    CAST(COALESCE(SUM(revenue), 0) AS DOUBLE PRECISION) AS revenue,
                    CAST(COALESCE(SUM(revenue * revenue), 0) AS DOUBLE PRECISION) AS revenue_squares,
                    CAST(SUM(left_out) AS BIGINT) AS left_out
                FROM buyers GROUP BY variant
                """, parameters) {
                let variant = try row.text("variant")
                var sums = tally.variants[variant, default: .init()]
                sums.conversions = Int(try row.integer("conversions"))
                sums.paidConversions = Int(try row.integer("paid"))
                sums.trialStarts = Int(try row.integer("trials"))
                sums.revenue = try row.double("revenue")
                sums.revenueSquares = try row.double("revenue_squares")
                tally.variants[variant] = sums
                tally.leftOutPurchases += Int(try row.integer("left_out"))
            }
            return tally
        }
    }
}
