import Foundation
import JSON
import TestAppStore
import TestSupport
import Testing
import TollgateEvaluation

/// A simulated experiment on a real `tollgate serve`, with SQLite and with PostgreSQL: hundreds of users of
/// photocollage's `onboarding-paywall` exposed through the resolve route and the events route, buying through App
/// Store notifications and `track` events, with every awkward case of `SimulatedExperiment`. The results route then
/// says exactly what the simulation's truth says (users, sums, users left out, purchases left out), its statistics
/// are gbstats 0.8.0's on the same sums to 1e-9, and `tollgate experiment results` prints the same report.
@Suite(.serialized, .tags(.postgres, .python)) struct ExperimentResultsServiceTests {
    static let token = "s3cret"
    static let monthly = "com.example.photocollage.premium.monthly"
    static let experiment = PolicyBundle.Experiment(
        id: "onboarding-paywall", seed: "onboarding-paywall", status: .running, winner: nil,
        variants: [.init(id: "paywall", paywall: "main", weight: 90), .init(id: "holdout", paywall: nil, weight: 10)])
    static let changed = PolicyBundle.Experiment(
        id: "onboarding-paywall", seed: "onboarding-paywall", status: .running, winner: nil,
        variants: [.init(id: "paywall", paywall: "main", weight: 10), .init(id: "holdout", paywall: nil, weight: 90)])
    static let truths = ["paywall": SimulatedExperiment.Truth(conversion: 0.3, trial: 0.3, price: 9_500),
                         "holdout": SimulatedExperiment.Truth(conversion: 0.15, trial: 0.2, price: 4_750)]

    /// The served project: its folder and store, and the service.
    struct Served {
        let backend: StoreBackend
        let project: PublishingProject
        let database: TestDatabase?
        let server: ServedTollgate
        let signer: AppStoreTestSigner
        /// The signed date of the next notification, in milliseconds: later for each.
        var clock = Int64(Date().timeIntervalSince1970 * 1000)

        init(_ backend: StoreBackend) async throws {
            self.backend = backend
            (project, database) = try await PublishingProject.on(backend, label: "experiment_results")
            signer = try AppStoreTestSigner()
            server = try await ServedTollgate(
                in: project.folder,
                options: (backend == .postgres ? ["--store", project.store] : [])
                    + ["--apple-root-ca", AppStoreTestSigner.rootFile],
                environment: ["TOLLGATE_ADMIN_TOKEN": ExperimentResultsServiceTests.token])
        }

        /// The store as `--store` names it.
        var store: String {
            backend == .postgres ? project.store : project.folder.appendingPathComponent(".tollgate/store.sqlite").path
        }

        func remove() {
            project.remove()
            database?.drop()
        }

        /// The service's answer to a request; a request it does not answer is a failure with the end of its log.
        func send(_ method: String, _ path: String, json: String? = nil, headers: [String] = []) async throws
            -> RawResponse
        {
            do {
                return try await server.request(method, path, json: json, headers: headers)
            } catch {
                let log = String(server.log.suffix(3000))
                Issue.record("\(method) \(path.prefix(120)) failed: \(error); the service's log ends:\n\(log)")
                throw error
            }
        }

        /// Posts `events` (at most 1,000); answers how many were accepted and the rejections' reasons.
        func post(_ events: [String]) async throws -> (accepted: Int, rejected: [String]) {
            let response = try await send("POST", "/v1/apps/photocollage/events",
                                          json: #"{"events": [\#(events.joined(separator: ","))]}"#)
            #expect(response.status == 202, "\(String(decoding: response.body, as: UTF8.self).prefix(500))")
            let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
            let rejected = (body["rejected"] as? [[String: Any]] ?? []).map { "\($0)" }
            return (body["accepted"] as? Int ?? -1, rejected)
        }

        /// Writes photocollage's policy with `weights` (paywall, holdout); published too when the service follows
        /// a store's channel.
        func weigh(_ paywall: Int, _ holdout: Int) async throws {
            let file = project.folder.appendingPathComponent("Policies/photocollage.yaml")
            var text = try String(contentsOf: file, encoding: .utf8)
            text = text.replacingOccurrences(of: #"paywall: \{ paywall: main, weight: [0-9]+ \}"#,
                                             with: "paywall: { paywall: main, weight: \(paywall) }",
                                             options: .regularExpression)
            text = text.replacingOccurrences(of: #"holdout: \{ show: none, weight: [0-9]+ \}"#,
                                             with: "holdout: { show: none, weight: \(holdout) }",
                                             options: .regularExpression)
            try Data(text.utf8).write(to: file)
            if backend == .postgres { try await project.publish() }
        }

        /// Delivers the App Store notification of `purchase` (and of its refund), each as many times as it is
        /// delivered.
        mutating func deliver(_ purchase: SimulatedExperiment.Purchase) async throws {
            let bought = purchase.time.secondsSince1970 * 1000
            let product = ExperimentResultsServiceTests.monthly
            var transaction = TestTransaction(transactionID: purchase.transaction, productID: product,
                                              purchaseDate: bought, expiresDate: bought + 30 * 86_400_000)
            transaction.appAccountToken = purchase.user
            transaction.environment = purchase.production ? "Production" : "Sandbox"
            transaction.price = purchase.milliunits
            transaction.currency = purchase.currency
            if purchase.trial {
                transaction.offerType = 1
                transaction.offerDiscountType = "FREE_TRIAL"
            }
            var notifications: [TestNotification] = []
            clock += 1
            transaction.signedDate = clock
            notifications.append(TestNotification(type: "SUBSCRIBED", subtype: "INITIAL_BUY", signedDate: clock,
                                                  transaction: transaction))
            if purchase.refunded {
                clock += 1
                transaction.revocationDate = bought + 60_000
                transaction.revocationReason = 0
                transaction.signedDate = clock
                notifications.append(TestNotification(type: "REFUND", signedDate: clock, transaction: transaction))
            }
            for var notification in notifications {
                notification.environment = transaction.environment
                for delivery in 0..<purchase.deliveries {
                    let response = try await send("POST", "/v1/apps/photocollage/notifications/app-store",
                                                  json: signer.body(notification))
                    let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
                    #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
                    #expect(body["status"] as? String == (delivery == 0 ? "applied" : "duplicate"),
                            "\(notification.type) of \(purchase.transaction): \(body)")
                }
            }
        }

        /// The results route's report up to `to`, as text.
        func results(to: Timestamp, sequential: Bool = false) async throws -> String {
            let response = try await send(
                "GET", "/v1/apps/photocollage/experiments/onboarding-paywall/results?to=\(to)"
                    + (sequential ? "&sequential=true" : ""),
                headers: ["Authorization: Bearer \(ExperimentResultsServiceTests.token)"])
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            return String(decoding: response.body, as: UTF8.self)
        }
    }

    static func exposure(_ user: String, _ variant: String, at time: Timestamp) -> String {
        #"{"type": "exposure", "experiment": "onboarding-paywall", "variant": "\#(variant)", "user_id": "\#(user)", "#
            + #""time": "\#(time)"}"#
    }

    static func track(_ purchase: SimulatedExperiment.Purchase) -> String {
        #"{"type": "track", "name": "purchase", "user_id": "\#(purchase.user)", "time": "\#(purchase.time)", "#
            + #""value": "\#(purchase.value)", "currency": "\#(purchase.currency)", "#
            + #""transaction": "\#(purchase.transaction)"}"#
    }

    static func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// The variants of a report, by name.
    static func variants(_ report: [String: Any]) -> [String: [String: Any]] {
        Dictionary((report["variants"] as? [[String: Any]] ?? []).map { ($0["variant"] as? String ?? "", $0) }) { $1 }
    }

    @Test(arguments: StoreBackend.allCases) func resultsSayWhatTheUsersDid(_ backend: StoreBackend) async throws {
        var served = try await Served(backend)
        defer { served.remove() }
        let start = Timestamp(Date())
        let simulation = SimulatedExperiment(Self.experiment, changed: Self.changed, truths: Self.truths, count: 600,
                                             switching: 8, start: start, seed: 25)
        let exposedByEvents = simulation.users.filter { $0.route == .events && $0.id != simulation.probe.id }
        for batch in stride(from: 0, to: exposedByEvents.count, by: 500) {
            let events = exposedByEvents[batch..<min(batch + 500, exposedByEvents.count)].map { user in
                Self.exposure(user.id, user.variant, at: user.exposed ?? start)
            }
            let answer = try await served.post(events)
            #expect(answer.accepted == events.count && answer.rejected.isEmpty, "\(answer.rejected.prefix(3))")
        }
        let resolving = Timestamp(Date())
        for user in simulation.users where user.route == .resolve {
            let response = try await served.send("POST", "/v1/apps/photocollage/placements/onboarding/resolve",
                                                 json: #"{"user_id": "\#(user.id)"}"#)
            let decision = try Self.object(String(decoding: response.body, as: UTF8.self))
            #expect(decision["reason"] as? String == "SPLIT" && decision["variant"] as? String == user.variant,
                    "\(user.id): \(decision)")
        }
        let resolved = resolving...Timestamp(Date()).adding(seconds: 1)
        try #require(resolved.upperBound < simulation.purchasesStart, "resolving took over ten minutes")

        // The weights change for a while: the switching users are exposed in their other variant.
        try await served.weigh(10, 90)
        let switching = simulation.users.filter { $0.second != nil }
        let seconds = switching.map { Self.exposure($0.id, $0.second ?? "", at: Timestamp(Date())) }
        let switched = try await eventually(within: .seconds(120)) {
            try await served.post(seconds).accepted == seconds.count
        }
        #expect(switched, "the changed weights were served")
        try await served.weigh(90, 10)
        let back = simulation.probe
        let probe = [Self.exposure(back.id, back.variant, at: back.exposed ?? start)]
        let restored = try await eventually(within: .seconds(120)) { try await served.post(probe).accepted == 1 }
        #expect(restored, "the weights were served again")

        for purchase in simulation.purchases where purchase.source == .store {
            try await served.deliver(purchase)
        }
        let tracked = simulation.purchases.filter { $0.source == .event }
        for repeats in 0..<2 {
            let events = tracked.filter { $0.deliveries > repeats }.map(Self.track)
            let answer = try await served.post(events)
            #expect(answer.accepted == events.count && answer.rejected.isEmpty, "\(answer.rejected.prefix(3))")
        }

        let to = start.adding(seconds: 3600)
        let expected = simulation.expected(to: to, resolved: resolved)
        #expect(expected.variants.values.allSatisfy { $0.conversions > 0 && $0.trialStarts > 0 })
        #expect(expected.multipleExposures == 8 && expected.leftOutPurchases > 0)
        var text = ""
        let complete = try await eventually(within: .seconds(300)) {
            text = try await served.results(to: to)
            let report = try Self.object(text)
            return report["multiple_exposures"] as? Int == expected.multipleExposures
                && Self.variants(report).mapValues { $0["users"] as? Int ?? -1 } == expected.variants.mapValues(\.users)
        }
        #expect(complete, "every exposure was written: \(text.prefix(600))")
        let report = try Self.object(text)
        #expect(report["from"] as? String == simulation.users.compactMap(\.exposed).min()?.description)
        #expect(report["to"] as? String == to.description)
        #expect(report["left_out_purchases"] as? Int == expected.leftOutPurchases)
        let variants = report["variants"] as? [[String: Any]] ?? []
        #expect(variants.map { $0["variant"] as? String } == ["paywall", "holdout"])
        #expect(variants.map { $0["weight"] as? Int } == [90, 10])
        for variant in variants {
            let name = variant["variant"] as? String ?? ""
            let sums = try #require(expected.variants[name])
            let metrics = variant["metrics"] as? [String: [String: Any]] ?? [:]
            let reported = SimulatedExperiment.Sums(
                users: variant["users"] as? Int ?? -1, conversions: metrics["conversion"]?["sum"] as? Int ?? -1,
                paidConversions: metrics["paid_conversion"]?["sum"] as? Int ?? -1,
                trialStarts: metrics["trial_start"]?["sum"] as? Int ?? -1,
                revenue: metrics["revenue"]?["sum"] as? Double ?? -1, revenueSquares: sums.revenueSquares)
            #expect(reported == sums, "\(name)")
            #expect(metrics["revenue"]?["mean"] as? Double == sums.revenue / Double(sums.users))
        }
        try await Self.compareWithGBStats(report, expected)
        try await Self.compareWithGBStats(try Self.object(try await served.results(to: to, sequential: true)),
                                          expected)

        #expect(await served.server.stop() == 0)
        let printed = try await served.project.tollgate([
            "experiment", "results", "--app", "photocollage", "--experiment", "onboarding-paywall",
            "--store", served.store, "--to", to.description, "--format", "json",
        ])
        #expect(printed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == text,
                "the command prints the route's report")
    }

    /// The report's sample ratio check and every comparison of the holdout with the paywall are gbstats' on the
    /// simulation's own sums (the sequential test when the report is sequential).
    static func compareWithGBStats(_ report: [String: Any], _ expected: SimulatedExperiment.Expected) async throws {
        let sequential = report["sequential"] as? Bool ?? false
        let control = try #require(expected.variants["paywall"])
        let treatment = try #require(expected.variants["holdout"])
        var cases: [String] = []
        func statistic(_ sums: SimulatedExperiment.Sums, _ metric: String, into value: inout JSONWriter) {
            let count = ["conversion": sums.conversions, "paid_conversion": sums.paidConversions,
                         "trial_start": sums.trialStarts][metric]
            value.object { fields in
                fields.member("n") { $0.integer(sums.users) }
                fields.member("sum") { $0.number(count.map(Double.init) ?? sums.revenue) }
                if count == nil { fields.member("sum_squares") { $0.number(sums.revenueSquares) } }
            }
        }
        let metrics = ["conversion", "paid_conversion", "trial_start", "revenue"]
        for metric in metrics {
            for test in [sequential ? "sequential" : "frequentist", "bayesian"] {
                var writer = JSONWriter()
                writer.object { members in
                    members.member("id") { $0.string("\(metric) \(test)") }
                    members.member("kind") { $0.string(metric == "revenue" ? "mean" : "proportion") }
                    members.member("test") { $0.string(test) }
                    members.member("difference") { $0.string("relative") }
                    members.member("tuning") { $0.number(5000) }
                    members.member("a") { statistic(control, metric, into: &$0) }
                    members.member("b") { statistic(treatment, metric, into: &$0) }
                }
                cases.append(String(decoding: writer.bytes, as: UTF8.self))
            }
        }
        cases.append(#"{"id": "srm", "srm": {"users": [\#(control.users), \#(treatment.users)], "weights": [90, 10]}}"#)
        let answers = try await PythonPeers.gbstats(cases)
        func numbers(_ value: Any?) -> [Double] {
            (value as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        }
        func agree(_ mine: Any?, _ theirs: Double?, _ what: String) {
            guard let mine = (mine as? NSNumber)?.doubleValue ?? mine as? Double, let theirs else {
                let message = "\(what): the report says \(String(describing: mine)), "
                    + "gbstats \(String(describing: theirs))"
                Issue.record("\(message)")
                return
            }
            let gap = abs(mine - theirs)
            #expect(gap <= 1e-12 || gap / max(abs(mine), abs(theirs)) <= 1e-9,
                    "\(what): the report says \(mine), gbstats \(theirs)")
        }
        agree((report["srm"] as? [String: Any])?["p_value"], answers["srm"]?["p_value"], "srm p-value")
        let holdout = try #require(variants(report)["holdout"]?["metrics"] as? [String: [String: Any]])
        let paywall = try #require(variants(report)["paywall"]?["metrics"] as? [String: [String: Any]])
        for metric in metrics {
            let result = holdout[metric] ?? [:]
            let uplift = result["uplift"] as? [String: Any] ?? [:]
            let ci = numbers(uplift["ci"])
            let risk = numbers(result["risk"])
            let frequentist = answers["\(metric) \(sequential ? "sequential" : "frequentist")"] ?? [:]
            let bayesian = answers["\(metric) bayesian"] ?? [:]
            agree(uplift["relative"], frequentist["expected"], "\(metric) uplift")
            agree(ci.first, frequentist["ci.0"], "\(metric) ci lower")
            agree(ci.last, frequentist["ci.1"], "\(metric) ci upper")
            agree(uplift["p_value"], frequentist["p_value"], "\(metric) p-value")
            agree(result["chance_to_win"], bayesian["chance_to_win"], "\(metric) chance to win")
            agree(risk.first, bayesian["risk.0"], "\(metric) risk of the control")
            agree(risk.last, bayesian["risk.1"], "\(metric) risk of the variant")
            #expect(paywall[metric]?["uplift"] is NSNull, "the control has no uplift")
        }
    }
}
