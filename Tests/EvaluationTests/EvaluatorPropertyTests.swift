import Foundation
import PolicyCompiler
import Testing
import TestSupport
@testable import TollgateEvaluation

/// Random evaluation inputs for one compiled policy: its products (consumables included), unknown ids,
/// every state, expiries before, at and after `now`, both sync states, every consent, a few currencies.
struct InputGenerator {
    let products: [String]
    var random: SplitMix64

    static let unknownProducts = ["com.example.unknown", "", "premium", "com.example.photocollage.removeads.v2"]

    init(policy: CompiledPolicy, seed: UInt64) {
        products = policy.bundle.products.map(\.id)
        random = SplitMix64(seed: seed)
    }

    mutating func product() -> String {
        Int.random(in: 0..<10, using: &random) == 0
            ? Self.unknownProducts.randomElement(using: &random)!
            : products.randomElement(using: &random)!
    }

    mutating func expires() -> Date? {
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1: nil
        case 2: ExamplePolicies.now
        case 3: ExamplePolicies.at(-TimeInterval(Int.random(in: 1...40_000_000, using: &random)))
        default: ExamplePolicies.at(TimeInterval(Int.random(in: 1...40_000_000, using: &random)))
        }
    }

    mutating func entitlement(product: String? = nil, states: [EntitlementState] = EntitlementState.allCases) -> Entitlement {
        Entitlement(product: product ?? self.product(), state: states.randomElement(using: &random)!, expires: expires())
    }

    mutating func input(synced: Bool? = nil) -> EvaluationInput {
        let count = Int.random(in: 0...5, using: &random)
        return EvaluationInput(
            entitlements: (0..<count).map { _ in entitlement() },
            synced: synced ?? Bool.random(using: &random),
            consent: Consent.allCases.randomElement(using: &random)!,
            now: ExamplePolicies.now,
            currency: [nil, "USD", "KRW", "EUR", "JPY", "PLN"].randomElement(using: &random)!)
    }

    /// `input` with `entitlement` inserted at a random position.
    mutating func inserting(_ entitlement: Entitlement, into input: EvaluationInput) -> EvaluationInput {
        var result = input
        result.entitlements.insert(entitlement, at: Int.random(in: 0...input.entitlements.count, using: &random))
        return result
    }
}

/// One property over one example, with its own seed.
struct PropertyCase: Sendable, CustomTestStringConvertible {
    var example: Example
    var seed: UInt64

    var testDescription: String { "\(example), seed \(seed)" }

    static let all: [PropertyCase] = [
        PropertyCase(example: .photocollage, seed: 0x70C0_11A6E),
        PropertyCase(example: .lingualeap, seed: 0x11_9A1E_A9),
        PropertyCase(example: .photocollageGrant, seed: 0x6_7A47),
        PropertyCase(example: .photocollageAdsBeforeSync, seed: 0xAD5),
    ]
}

/// Failing inputs of a property, reported once with the first few.
struct Counterexamples {
    private(set) var count = 0
    private var first: [String] = []

    mutating func record(_ description: @autoclosure () -> String) {
        count += 1
        if first.count < 3 { first.append(description()) }
    }

    var isEmpty: Bool { count == 0 }
    var summary: String { "\(count) counterexamples; first: " + first.joined(separator: " | ") }
}

extension EvaluationInput {
    var brief: String {
        let listed = entitlements.map { entitlement in
            "\(entitlement.product) \(entitlement.state.rawValue)"
                + (entitlement.expires.map { " expires \(Int($0.timeIntervalSince(ExamplePolicies.now)))s" } ?? "")
        }
        return "[\(listed.joined(separator: ", "))] synced \(synced) consent \(consent.rawValue)"
    }
}

@Suite("evaluator properties over seeded random inputs")
struct EvaluatorPropertyTests {
    static let iterations = 400

    static func evaluate(_ evaluator: Evaluator, _ input: EvaluationInput) -> Decision {
        evaluator.evaluate(input, now: ExamplePolicies.now)
    }

    @Test("adding an active, non-expiring entitlement while synced never removes a feature nor turns ads on",
          arguments: PropertyCase.all)
    func addingActiveIsMonotonic(_ property: PropertyCase) throws {
        let evaluator = try ExamplePolicies.evaluator(property.example)
        var generator = InputGenerator(policy: evaluator.policy, seed: property.seed)
        var failures = Counterexamples()
        for _ in 0..<Self.iterations {
            let before = generator.input(synced: true)
            let added = Entitlement(product: generator.product(), state: .active, expires: nil)
            let after = generator.inserting(added, into: before)
            let old = Self.evaluate(evaluator, before)
            let new = Self.evaluate(evaluator, after)
            let lostFeature = old.features.contains { $0.value && new.features[$0.key] != true }
            let lostTier = !Set(new.tiers).isSuperset(of: old.tiers)
            if lostFeature || lostTier || (new.ads.enabled && !old.ads.enabled) {
                failures.record("\(before.brief) + \(added.product)")
            }
        }
        #expect(failures.isEmpty, "\(failures.summary)")
    }

    @Test("a revoked or pending entitlement is the same as none, in every sync and consent combination",
          arguments: PropertyCase.all)
    func withheldIsNone(_ property: PropertyCase) throws {
        let evaluator = try ExamplePolicies.evaluator(property.example)
        var generator = InputGenerator(policy: evaluator.policy, seed: property.seed)
        var failures = Counterexamples()
        for _ in 0..<Self.iterations {
            var base = generator.input()
            let withheld = generator.entitlement(states: [.revoked, .pending])
            for synced in [true, false] {
                for consent in Consent.allCases {
                    base.synced = synced
                    base.consent = consent
                    let with = generator.inserting(withheld, into: base)
                    let old = Self.evaluate(evaluator, base)
                    let new = Self.evaluate(evaluator, with)
                    if old.tiers != new.tiers || old.features != new.features || old.ads != new.ads
                        || old.upsell != new.upsell {
                        failures.record("\(base.brief) + \(withheld.product) \(withheld.state.rawValue) expires "
                            + "\(withheld.expires.map { "\(Int($0.timeIntervalSince(ExamplePolicies.now)))s" } ?? "never")")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.summary)")
    }

    /// Product pairs (a, b) of distinct products where a's tiers, includes closed over, contain b's.
    static func includingPairs(_ policy: CompiledPolicy) -> [(String, String)] {
        let products = policy.bundle.products
        return products.indices.flatMap { a in
            products.indices.compactMap { b -> (String, String)? in
                guard a != b, !products[b].grants.isEmpty,
                      policy.tables.productGrants[a].isSuperset(of: policy.tables.productGrants[b]) else { return nil }
                return (products[a].id, products[b].id)
            }
        }
    }

    @Test("the example policies have product pairs related by includes", arguments: [
        (Example.photocollage, 4), (.lingualeap, 23),
    ])
    func includingPairsExist(_ example: Example, _ count: Int) throws {
        let pairs = Self.includingPairs(try ExamplePolicies.compiled(example))
        #expect(pairs.count == count)
        if example == .photocollage {
            #expect(pairs.contains { $0 == (Photocollage.monthly, Photocollage.removeAds) })
        } else {
            #expect(pairs.contains { $0 == (Lingualeap.familyYearly, Lingualeap.examPass) })
            #expect(!pairs.contains { $0 == (Lingualeap.examPass, Lingualeap.plusYearly) })
        }
    }

    @Test("a tier that includes another unlocks a superset of its features", arguments: PropertyCase.all)
    func includesUnlockSuperset(_ property: PropertyCase) throws {
        let evaluator = try ExamplePolicies.evaluator(property.example)
        let pairs = Self.includingPairs(evaluator.policy)
        try #require(!pairs.isEmpty)
        var generator = InputGenerator(policy: evaluator.policy, seed: property.seed)
        var failures = Counterexamples()
        for iteration in 0..<Self.iterations {
            let (higher, lower) = pairs[iteration % pairs.count]
            let base = generator.input(synced: true)
            let withHigher = Self.evaluate(evaluator, generator.inserting(Entitlement(product: higher), into: base))
            let withLower = Self.evaluate(evaluator, generator.inserting(Entitlement(product: lower), into: base))
            let missing = withLower.features.filter { $0.value && withHigher.features[$0.key] != true }
            if !missing.isEmpty || !Set(withHigher.tiers).isSuperset(of: withLower.tiers)
                || (withHigher.ads.enabled && !withLower.ads.enabled) {
                failures.record("\(base.brief): \(higher) misses \(missing.keys.sorted()) that \(lower) unlocks")
            }
        }
        #expect(failures.isEmpty, "\(failures.summary)")
    }

    @Test("ads are never enabled while unsynced when hide_until_synced is true", arguments: PropertyCase.all)
    func noAdsBeforeSync(_ property: PropertyCase) throws {
        let evaluator = try ExamplePolicies.evaluator(property.example)
        guard evaluator.policy.bundle.ads.hideUntilSynced else {
            // The control: without hide_until_synced, some unsynced input does show ads.
            var generator = InputGenerator(policy: evaluator.policy, seed: property.seed)
            let shows = (0..<Self.iterations).contains { _ in
                Self.evaluate(evaluator, generator.input(synced: false)).ads.enabled
            }
            #expect(shows)
            return
        }
        var generator = InputGenerator(policy: evaluator.policy, seed: property.seed)
        var failures = Counterexamples()
        for _ in 0..<Self.iterations {
            let input = generator.input(synced: false)
            let decision = Self.evaluate(evaluator, input)
            let access = evaluator.access(input.entitlements, synced: false, consent: input.consent, now: ExamplePolicies.now)
            if decision.ads.enabled || decision.ads.placements.values.contains(true) || access.adsEnabled {
                failures.record(input.brief)
            }
        }
        #expect(failures.isEmpty, "\(failures.summary)")
    }

    @Test("evaluating a bundle's JSON round trip equals evaluating the compiled policy", arguments: PropertyCase.all)
    func bundleRoundTrip(_ property: PropertyCase) throws {
        let inMemory = try ExamplePolicies.evaluator(property.example)
        let json = inMemory.policy.bundle.canonicalJSON
        let decoded = Evaluator(policy: try CompiledPolicy(bundleJSON: json))
        #expect(decoded.policy.bundle == inMemory.policy.bundle)
        var generator = InputGenerator(policy: inMemory.policy, seed: property.seed)
        var failures = Counterexamples()
        for _ in 0..<Self.iterations {
            let input = generator.input()
            if Self.evaluate(inMemory, input) != Self.evaluate(decoded, input) {
                failures.record(input.brief)
            }
        }
        #expect(failures.isEmpty, "\(failures.summary)")
    }

    @Test("the fast path agrees with the full path on tiers, features and ads", arguments: PropertyCase.all)
    func fastPathEqualsFullPath(_ property: PropertyCase) throws {
        let evaluator = try ExamplePolicies.evaluator(property.example)
        let bundle = evaluator.policy.bundle
        var generator = InputGenerator(policy: evaluator.policy, seed: property.seed)
        var failures = Counterexamples()
        for _ in 0..<Self.iterations {
            let input = generator.input()
            let decision = Self.evaluate(evaluator, input)
            let access = evaluator.access(input.entitlements, synced: input.synced, consent: input.consent,
                                          now: ExamplePolicies.now)
            let features = Dictionary(uniqueKeysWithValues: bundle.features.map { ($0.id, access.unlocks($0.id)) })
            let placements = Dictionary(uniqueKeysWithValues: bundle.ads.placements.map { ($0, access.showsAds(at: $0)) })
            if access.tierIDs != decision.tiers || access.adsEnabled != decision.ads.enabled
                || features != decision.features || placements != decision.ads.placements {
                failures.record(input.brief)
            }
        }
        #expect(failures.isEmpty, "\(failures.summary)")
    }

    @Test("the generator is deterministic and covers every kind of input")
    func generatorCoverage() throws {
        let policy = try ExamplePolicies.compiled(.photocollage)
        var first = InputGenerator(policy: policy, seed: 42)
        var second = InputGenerator(policy: policy, seed: 42)
        let inputs = (0..<Self.iterations).map { _ in first.input() }
        #expect(inputs == (0..<Self.iterations).map { _ in second.input() })
        let entitlements = inputs.flatMap(\.entitlements)
        #expect(Set(entitlements.map(\.state)) == Set(EntitlementState.allCases))
        #expect(Set(entitlements.map(\.product)).isSuperset(of: policy.bundle.products.map(\.id)))
        #expect(entitlements.contains { policy.tables.productIndex[$0.product] == nil })
        #expect(entitlements.contains { $0.expires == ExamplePolicies.now })
        #expect(entitlements.contains { ($0.expires ?? .distantPast) > ExamplePolicies.now })
        #expect(entitlements.contains { ($0.expires ?? .distantFuture) < ExamplePolicies.now })
        #expect(entitlements.contains { $0.expires == nil })
        #expect(Set(inputs.map(\.synced)) == [true, false])
        #expect(Set(inputs.map(\.consent)) == Set(Consent.allCases))
    }
}
