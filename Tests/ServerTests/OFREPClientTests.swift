import Foundation
import PolicyModel
import Server
import Testing
import TestSupport
import TollgateEvaluation

/// The real OpenFeature Python client (`openfeature-sdk` and `openfeature-provider-ofrep` from PyPI, in the venv
/// that `scripts/python-venv.sh` makes) against `tollgate serve`: every feature and ad placement of both example
/// apps, under several entitlement sets, must come back as the evaluator decides it in-process.
///
/// The client runs once, through `scripts/ofrep-client-check.py`, for all cases; the tests below judge that run.
/// Without Python's venv module or PyPI the tests fail: they never skip.
@Suite(.serialized) struct OFREPClientTests {
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

    /// An evaluation context's attributes as the client sends them; `input` is the same for the evaluator.
    struct Context: Encodable, Sendable {
        /// What the context stands for, in failure messages.
        var name: String
        var app: String
        var entitlements: [EntitlementAttribute]
        var synced = true
        var consent = Consent.granted
        var now: String?

        private enum CodingKeys: String, CodingKey { case app, entitlements, synced, consent, now }

        var input: EvaluationInput {
            EvaluationInput(entitlements: entitlements.map(\.entitlement), synced: synced, consent: consent,
                            now: now.flatMap { try? Date($0, strategy: .iso8601) })
        }
    }

    /// One call of `get_boolean_details`: the flag, the default handed to the client, the context, and what the
    /// evaluator expects (nil for a flag the app does not have).
    struct Case: Encodable, Sendable, CustomStringConvertible {
        var flag: String
        var `default`: Bool
        var targetingKey: String
        var attributes: Context
        var expected: Bool?
        /// `STATIC` or `TARGETING_MATCH`; nil for a flag the app does not have.
        var expectedReason: String?

        private enum CodingKeys: String, CodingKey { case flag, `default`, targetingKey, attributes }

        var description: String { "\(attributes.app) '\(flag)' with \(attributes.name)" }
    }

    /// The client's details for one case, as the script prints them.
    struct Answer: Decodable, Sendable {
        var flag: String
        var value: Bool?
        var reason: String?
        var variant: String?
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
            let flags = Set(bundle.features.map(\.id) + bundle.ads.placements.map { "ads.\($0)" })
            let asked = outcome.known.filter { $0.0.attributes.app == release.compiled.app }
            #expect(Set(asked.map(\.0.flag)) == flags, "every flag of \(release.compiled.app) is asked for")
            #expect(Set(asked.map(\.0.attributes.name)).count >= 6, "\(release.compiled.app) is asked in every context")
        }
        for (test, answer) in outcome.known {
            #expect(answer.flag == test.flag, "\(test)")
            #expect(answer.value == test.expected, "\(test): the client got \(String(describing: answer.value))")
            #expect(answer.variant == (test.expected == true ? "on" : "off"), "\(test): variant")
        }
    }

    /// `STATIC` exactly for the flags that every context gets the same answer for (the free features: every other
    /// tier of the examples is granted by some product, and every placement is hidden by an ad-free tier).
    @Test func reasonsAreStaticOrTargetingMatchAsTheAnswerDependsOnTheContext() async throws {
        let outcome = try await Self.outcome.value
        for (test, answer) in outcome.known {
            #expect(answer.reason == test.expectedReason, "\(test): reason")
        }
        let reasons = Set(outcome.known.compactMap(\.0.expectedReason))
        #expect(reasons == ["STATIC", "TARGETING_MATCH"], "the cases have flags of both kinds")
    }

    /// Each known flag is asked with the opposite of the evaluator's answer as the default, so a default that came
    /// back by error cannot pass for the right value.
    @Test func noAnswerIsTheDefaultByError() async throws {
        let outcome = try await Self.outcome.value
        for (test, answer) in outcome.known {
            #expect(answer.errorCode == nil, "\(test): \(answer.errorCode ?? "") \(answer.errorMessage ?? "")")
            #expect(answer.reason != "ERROR" && answer.reason != "DEFAULT", "\(test): reason \(answer.reason ?? "none")")
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
                Context(name: "every product active", app: app,
                        entitlements: products.map { .object(product: $0, state: .active) }),
            ]
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
            for (index, context) in contexts.enumerated() {
                let decision = evaluator.evaluate(context.input, now: Date())
                let flags = bundle.features.map { ($0.id, decision.features[$0.id]) }
                    + bundle.ads.placements.map { ("ads.\($0)", decision.ads.placements[$0]) }
                for (flag, decided) in flags {
                    let value = try #require(decided as Bool?, "the evaluator has no answer for \(flag)")
                    answers[flag, default: []].append(value)
                    appCases.append(Case(flag: flag, default: !value, targetingKey: "user-\(index + 1)",
                                         attributes: context, expected: value))
                }
            }
            for index in appCases.indices {
                appCases[index].expectedReason = Set(answers[appCases[index].flag] ?? []).count == 1
                    ? "STATIC" : "TARGETING_MATCH"
            }
            cases += appCases
            let anyone = contexts[contexts.count - 1]
            cases += [
                Case(flag: "no-such-feature", default: true, targetingKey: "user-0", attributes: anyone),
                Case(flag: "ads.no-such-placement", default: false, targetingKey: "user-0", attributes: anyone),
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
