import Foundation
import PolicyModel
import Server
import Testing
import TestSupport
import TollgateEvaluation

/// The real OpenFeature Python client (`openfeature-sdk` and `openfeature-provider-ofrep` from PyPI, in the venv
/// that `scripts/python-venv.sh` makes) against `tollgate serve`: every feature, ad placement and placement of both
/// example apps, under several entitlement sets and users, must come back as the evaluator decides it in-process.
///
/// The client runs once, through `scripts/ofrep-client-check.py`, for all cases; the tests below judge that run.
/// Without Python's venv module or PyPI the tests fail: they never skip.
@Suite(.serialized, .tags(.python)) struct OFREPClientTests {
    /// An entitlement as the context carries it: a bare product id (active) or an object as in the evaluation input.
    enum EntitlementAttribute: Encodable, Sendable {
        case product(String)
        case object(product: String, state: EntitlementState, expires: String? = nil)

        private enum Keys: String, CodingKey { case product, state, expires }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .product(let id):
                var container = encoder.singleValueContainer()
                try container.encode(id)
            case .object(let product, let state, let expires):
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(product, forKey: .product)
                try container.encode(state, forKey: .state)
                try container.encodeIfPresent(expires, forKey: .expires)
            }
        }

        /// The same entitlement for the evaluator.
        var entitlement: Entitlement {
            switch self {
            case .product(let id): Entitlement(product: id)
            case .object(let product, let state, let expires):
                Entitlement(product: product, state: state, expires: expires.flatMap { try? Date($0, strategy: .iso8601) })
            }
        }
    }

    /// A flag's value: features and ad placements are booleans, placements strings.
    enum FlagValue: Codable, Hashable, Sendable {
        case bool(Bool)
        case string(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { self = .bool(flag) } else { self = .string(try container.decode(String.self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .bool(let flag): try container.encode(flag)
            case .string(let text): try container.encode(text)
            }
        }
    }

    /// An attribute in the context's `attributes`.
    enum Attribute: Encodable, Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            case .bool(let flag): try container.encode(flag)
            }
        }

        var value: AttributeValue {
            switch self {
            case .string(let text): .string(text)
            case .number(let number): .number(number)
            case .bool(let flag): .bool(flag)
            }
        }
    }

    /// An evaluation context's attributes as the client sends them; `input` is the same for the evaluator.
    struct Context: Encodable, Sendable {
        /// What the context stands for, in failure messages.
        var name: String
        var app: String
        var entitlements: [EntitlementAttribute]
        var synced = true
        var consent = Consent.granted
        var now: String?
        /// Whether the client sends no targeting key.
        var anonymous = false
        var userID: String?
        var storefront: String?
        var locale: String?
        var platform: String?
        var appVersion: String?
        var installDate: String?
        var attributes: [String: Attribute]?

        private enum CodingKeys: String, CodingKey {
            case app, entitlements, synced, consent, now, storefront, locale, platform, attributes
            case userID = "user_id", appVersion = "app_version", installDate = "install_date"
        }

        /// The evaluator's input, with `user_id` defaulting to the targeting key as the service does.
        func input(targetingKey: String?) -> EvaluationInput {
            EvaluationInput(entitlements: entitlements.map(\.entitlement), synced: synced, consent: consent,
                            now: now.flatMap { try? Date($0, strategy: .iso8601) },
                            user: UserContext(userID: userID ?? targetingKey, storefront: storefront, locale: locale,
                                              platform: platform, appVersion: appVersion,
                                              installDate: installDate.flatMap { try? Date($0, strategy: .iso8601) },
                                              attributes: (attributes ?? [:]).mapValues(\.value)))
        }
    }

    /// One call of `get_boolean_details` or `get_string_details` (as the default's type says): the flag, the default
    /// handed to the client, the context, and what the evaluator expects (nil for a flag the app does not have).
    struct Case: Encodable, Sendable, CustomStringConvertible {
        var flag: String
        var `default`: FlagValue
        var targetingKey: String?
        var attributes: Context
        var expected: FlagValue?
        /// `STATIC` or `TARGETING_MATCH` for booleans, the decision's reason for placements; nil for a flag the app
        /// does not have.
        var expectedReason: String?
        var expectedVariant: String?
        /// The placement's metadata: app, policy, and the audience and experiment where they apply.
        var expectedMetadata: [String: String]?

        private enum CodingKeys: String, CodingKey { case flag, `default`, targetingKey, attributes }

        var isPlacement: Bool { flag.hasPrefix("placement.") }

        var description: String { "\(attributes.app) '\(flag)' with \(attributes.name), key \(targetingKey ?? "none")" }
    }

    /// The client's details for one case, as the script prints them.
    struct Answer: Decodable, Sendable {
        var flag: String
        var value: FlagValue?
        var reason: String?
        var variant: String?
        var metadata: [String: String]?
        var errorCode: String?
        var errorMessage: String?
    }

    /// The one run of the client: cases and answers in the same order, and how the service ended.
    struct Outcome: Sendable {
        var cases: [Case]
        var answers: [Answer]
        /// The exit status after SIGTERM; nil when it had to be killed.
        var exitStatus: Int32?
        var log: String

        var known: [(Case, Answer)] { zip(cases, answers).filter { $0.0.expected != nil } }
        var unknown: [(Case, Answer)] { zip(cases, answers).filter { $0.0.expected == nil } }
    }

    /// The client's one run, shared by the tests below.
    static let outcome = Task { try await run() }

    @Test func everyFeatureAndPlacementMatchesTheEvaluator() async throws {
        let outcome = try await Self.outcome.value
        for release in try ExampleService.releases() {
            let bundle = release.compiled.bundle
            let flags = Set(bundle.features.map(\.id) + bundle.ads.placements.map { "ads.\($0)" }
                + bundle.placements.map { "placement.\($0.id)" })
            let asked = outcome.known.filter { $0.0.attributes.app == release.compiled.app }
            #expect(Set(asked.map(\.0.flag)) == flags, "every flag of \(release.compiled.app) is asked for")
            #expect(Set(asked.map(\.0.attributes.name)).count >= 6, "\(release.compiled.app) is asked in every context")
        }
        for (test, answer) in outcome.known {
            #expect(answer.flag == test.flag, "\(test)")
            #expect(answer.value == test.expected, "\(test): the client got \(String(describing: answer.value))")
            #expect(answer.variant == test.expectedVariant, "\(test): variant")
        }
    }

    /// Each placement of both apps in every context and for many users: the paywall, variant, reason and metadata
    /// are the decision `Evaluator.resolve` makes, and the users are split by the experiments.
    @Test func everyPlacementIsTheLibrarysDecision() async throws {
        let outcome = try await Self.outcome.value
        let placements = outcome.known.filter { $0.0.isPlacement }
        for (test, answer) in placements {
            #expect(answer.metadata == test.expectedMetadata, "\(test): metadata")
        }
        let reasons = Set(placements.compactMap(\.0.expectedReason))
        #expect(reasons.isSuperset(of: ["TARGETING_MATCH", "SPLIT", "DEFAULT"]), "\(reasons)")
        let variants = Set(placements.filter { $0.0.expectedReason == "SPLIT" }.compactMap(\.0.expectedVariant))
        #expect(variants.isSuperset(of: ["paywall", "holdout", "subscription", "exam-pass"]), "\(variants)")
        #expect(placements.contains { $0.0.expected == .string("") } && placements.contains { $0.0.expected == .string("main") })
    }

    /// `STATIC` exactly for the boolean flags that every context gets the same answer for (the free features: every
    /// other tier of the examples is granted by some product, and every ad placement is hidden by an ad-free tier).
    @Test func reasonsAreStaticOrTargetingMatchAsTheAnswerDependsOnTheContext() async throws {
        let outcome = try await Self.outcome.value
        for (test, answer) in outcome.known {
            #expect(answer.reason == test.expectedReason, "\(test): reason")
        }
        let reasons = Set(outcome.known.filter { !$0.0.isPlacement }.compactMap(\.0.expectedReason))
        #expect(reasons == ["STATIC", "TARGETING_MATCH"], "the cases have flags of both kinds")
    }

    /// Each known flag is asked with the opposite of the evaluator's answer as the default, so a default that came
    /// back by error cannot pass for the right value.
    @Test func noAnswerIsTheDefaultByError() async throws {
        let outcome = try await Self.outcome.value
        for (test, answer) in outcome.known {
            #expect(answer.errorCode == nil, "\(test): \(answer.errorCode ?? "") \(answer.errorMessage ?? "")")
            #expect(answer.reason != "ERROR", "\(test): reason \(answer.reason ?? "none")")
            if !test.isPlacement { #expect(answer.reason != "DEFAULT", "\(test): reason \(answer.reason ?? "none")") }
            #expect(answer.value != test.default, "\(test): the client returned the default")
        }
    }

    @Test func anUnknownFlagIsFlagNotFoundWithTheDefault() async throws {
        let outcome = try await Self.outcome.value
        try #require(!outcome.unknown.isEmpty)
        for (test, answer) in outcome.unknown {
            #expect(answer.errorCode == "FLAG_NOT_FOUND", "\(test)")
            #expect(answer.value == test.default, "\(test): the client's default")
            #expect(answer.reason == "ERROR", "\(test): reason")
            #expect(answer.errorMessage?.contains(test.flag) == true, "\(test): the server's errorDetails")
        }
    }

    /// One HTTP request per evaluation reached the service, which then stopped cleanly on SIGTERM.
    @Test func everyEvaluationWasOneRequestAndTheServiceStopsOnSIGTERM() async throws {
        let outcome = try await Self.outcome.value
        let requests = outcome.log.split(separator: "\n").filter { $0.contains(#""route":"/ofrep/v1/evaluate/flags/{key}""#) }
        #expect(requests.count == outcome.cases.count)
        #expect(requests.filter { $0.contains(#""status":200"#) }.count == outcome.known.count)
        #expect(requests.filter { $0.contains(#""status":404"#) }.count == outcome.unknown.count)
        #expect(outcome.exitStatus == 0, "tollgate serve after SIGTERM; log tail:\n\(outcome.log.suffix(2000))")
        #expect(outcome.log.hasSuffix("tollgate serve: stopped\n"))
    }
}

extension OFREPClientTests {
    /// Contexts for one app: no entitlements, each product alone, the top subscription revoked, in grace, active but
    /// not synced and expired, consent denied, and everything at once.
    static func contexts(for release: AppRelease) throws -> [Context] {
        let app = release.compiled.app
        let products = release.compiled.bundle.products.map(\.id)
        let top = try #require(
            release.sources.policy.subscriptionGroups.first?.levels.first?.value
                ?? release.compiled.bundle.products.first { !$0.grants.isEmpty }?.id,
            "\(app) has no product that grants a tier")
        return [Context(name: "no entitlements", app: app, entitlements: [])]
            + products.map { Context(name: "\($0) active", app: app, entitlements: [.product($0)]) }
            + [
                Context(name: "\(top) revoked", app: app, entitlements: [.object(product: top, state: .revoked)]),
                Context(name: "\(top) in its grace period", app: app,
                        entitlements: [.object(product: top, state: .gracePeriod)]),
                Context(name: "\(top) active, store not synced", app: app,
                        entitlements: [.object(product: top, state: .active)], synced: false),
                Context(name: "\(top) expired before now", app: app,
                        entitlements: [.object(product: top, state: .active, expires: "2026-01-01T00:00:00Z")],
                        now: "2026-02-01T00:00:00Z"),
                Context(name: "no entitlements, consent denied", app: app, entitlements: [], consent: .denied),
                    Context(name: "a new user in Japan", app: app, entitlements: [], now: "2026-11-29T12:00:00Z",
                        storefront: "JPN", locale: "ja-JP", platform: "ios", appVersion: "2.4.1",
                        installDate: "2026-11-25T08:00:00Z"),
                Context(name: "a beta tester", app: app, entitlements: [], attributes: ["beta": .bool(true),
                                                                                         "sessions": .number(3)]),
                Context(name: "an engaged user with an exam soon, by user_id", app: app, entitlements: [],
                        userID: "learner-42", attributes: ["sessions": .number(12), "exam_in_days": .number(10),
                                                           "source": .string("ads")]),
                Context(name: "an anonymous user with an exam soon", app: app, entitlements: [], anonymous: true,
                        attributes: ["exam_in_days": .number(3)]),
                Context(name: "every product active", app: app,
                        entitlements: products.map { .object(product: $0, state: .active) }),
            ]
    }

    /// A placement's case: the evaluator's decision for the context and targeting key.
    static func placementCase(_ placement: String, release: AppRelease, context: Context, targetingKey: String?) throws
        -> Case
    {
        let decision = try #require(Evaluator(policy: release.compiled).resolve(
            placement: placement, context: context.input(targetingKey: targetingKey), now: Date()))
        var metadata = ["app": release.compiled.app, "policy": release.compiled.hash]
        metadata["audience"] = decision.audience
        metadata["experiment"] = decision.experiment
        return Case(flag: "placement.\(placement)", default: .string("(the client's default)"), targetingKey: targetingKey,
                    attributes: context, expected: .string(decision.paywall ?? ""),
                    expectedReason: decision.reason.rawValue,
                    expectedVariant: decision.variant ?? decision.audience ?? "", expectedMetadata: metadata)
    }

    /// Every flag of every example app in every context, with the evaluator's answers, then two unknown flags.
    static func cases() throws -> [Case] {
        var cases: [Case] = []
        for release in try ExampleService.releases() {
            let evaluator = Evaluator(policy: release.compiled)
            let bundle = release.compiled.bundle
            let contexts = try contexts(for: release)
            var answers: [String: [Bool]] = [:]
            var appCases: [Case] = []
            var placementCases: [Case] = []
            for (index, context) in contexts.enumerated() {
                let targetingKey = context.anonymous ? nil : "user-\(index + 1)"
                let decision = evaluator.evaluate(context.input(targetingKey: targetingKey), now: Date())
                let flags = bundle.features.map { ($0.id, decision.features[$0.id]) }
                    + bundle.ads.placements.map { ("ads.\($0)", decision.ads.placements[$0]) }
                for (flag, decided) in flags {
                    let value = try #require(decided as Bool?, "the evaluator has no answer for \(flag)")
                    answers[flag, default: []].append(value)
                    appCases.append(Case(flag: flag, default: .bool(!value), targetingKey: targetingKey,
                                         attributes: context, expected: .bool(value), expectedVariant: value ? "on" : "off"))
                }
                for placement in bundle.placements {
                    placementCases.append(try placementCase(placement.id, release: release, context: context,
                                                            targetingKey: targetingKey))
                }
            }
            for index in appCases.indices {
                appCases[index].expectedReason = Set(answers[appCases[index].flag] ?? []).count == 1
                    ? "STATIC" : "TARGETING_MATCH"
            }
            // Many users in the contexts that reach an experiment, so the splits show every variant.
            for context in contexts where context.name.hasPrefix("a new user") || context.name.hasPrefix("an engaged") {
                var split = context
                split.userID = nil
                for user in 1...40 {
                    for placement in bundle.placements where placement.audiences.contains(where: { $0.experiment != nil }) {
                        placementCases.append(try placementCase(placement.id, release: release, context: split,
                                                                targetingKey: "split-user-\(user)"))
                    }
                }
            }
            cases += appCases + placementCases
            let anyone = contexts[contexts.count - 1]
            cases += [
                Case(flag: "no-such-feature", default: .bool(true), targetingKey: "user-0", attributes: anyone),
                Case(flag: "ads.no-such-placement", default: .bool(false), targetingKey: "user-0", attributes: anyone),
                Case(flag: "placement.no-such-placement", default: .string("fallback"), targetingKey: "user-0",
                     attributes: anyone),
            ]
        }
        return cases
    }

    /// Sets up the client's venv, starts the service, runs the client once on every case and stops the service.
    static func run() async throws -> Outcome {
        let root = Fixtures.repositoryRoot()
        let cases = try cases()
        let python = try await PythonPeers.python(root: root)

        let casesFile = FileManager.default.temporaryDirectory.appendingPathComponent("ofrep-cases-\(UUID()).json")
        try JSONEncoder().encode(cases).write(to: casesFile)
        defer { try? FileManager.default.removeItem(at: casesFile) }

        let server = try await ServedTollgate()
        let client: ChildProcessResult
        do {
            client = try await ChildProcess.run(
                python, [root.appendingPathComponent("scripts/ofrep-client-check.py").path, server.url, casesFile.path],
                in: root, timeout: .seconds(120))
        } catch {
            _ = await server.stop()
            throw error
        }
        let exitStatus = await server.stop()
        guard client.succeeded else {
            throw ChildProcess.Failure(description: """
                scripts/ofrep-client-check.py \(client.timedOut ? "timed out" : "exited with \(client.status)"):
                \(client.stderr.suffix(3000))
                """)
        }
        let answers: [Answer]
        do {
            answers = try JSONDecoder().decode([Answer].self, from: Data(client.stdout.utf8))
        } catch {
            throw ChildProcess.Failure(description: "the client's output is not a list of answers: \(error)\n"
                                       + client.stdout.prefix(2000))
        }
        try #require(answers.count == cases.count, "\(cases.count) cases, \(answers.count) answers")
        return Outcome(cases: cases, answers: answers, exitStatus: exitStatus, log: server.log)
    }
}
