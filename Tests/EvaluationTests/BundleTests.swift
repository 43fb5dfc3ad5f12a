import Foundation
import PolicyCompiler
import Testing
import TestSupport
@testable import TollgateEvaluation

/// Checks the canonical form of JSON bytes: object keys in ascending byte order, integers only, no white
/// space between tokens. Returns one line per problem, with the path where it is.
struct CanonicalJSONChecker {
    private let bytes: [UInt8]
    private var index = 0
    private(set) var problems: [String] = []

    static func problems(_ data: Data) -> [String] {
        var checker = CanonicalJSONChecker(bytes: Array(data))
        checker.value(at: "$")
        if checker.index != checker.bytes.count { checker.problems.append("trailing bytes at \(checker.index)") }
        return checker.problems
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var byte: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func expect(_ character: Character, at path: String) {
        guard byte == character.asciiValue else {
            problems.append("\(path): expected '\(character)' at byte \(index)")
            index = bytes.count
            return
        }
        index += 1
    }

    private mutating func value(at path: String) {
        guard let byte else {
            problems.append("\(path): unexpected end")
            return
        }
        switch byte {
        case UInt8(ascii: "{"): object(at: path)
        case UInt8(ascii: "["): array(at: path)
        case UInt8(ascii: "\""): _ = string(at: path)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            while let next = self.byte, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next) { index += 1 }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            while let next = self.byte, "-+.eE0123456789".utf8.contains(next) { index += 1 }
            let number = String(decoding: bytes[start..<index], as: UTF8.self)
            if number.contains(where: { ".eE+".contains($0) }) { problems.append("\(path): float \(number)") }
        default:
            problems.append("\(path): unexpected byte \(byte) at \(index)")
            index = bytes.count
        }
    }

    private mutating func object(at path: String) {
        expect("{", at: path)
        var previous: [UInt8]?
        if byte == UInt8(ascii: "}") {
            index += 1
            return
        }
        while index < bytes.count {
            let key = string(at: path)
            let name = String(decoding: key, as: UTF8.self)
            if let previous, !previous.lexicographicallyPrecedes(key) {
                problems.append("\(path): key '\(name)' after '\(String(decoding: previous, as: UTF8.self))'")
            }
            previous = key
            expect(":", at: path)
            value(at: path + "." + name)
            if byte == UInt8(ascii: ",") {
                index += 1
            } else {
                expect("}", at: path)
                return
            }
        }
    }

    private mutating func array(at path: String) {
        expect("[", at: path)
        if byte == UInt8(ascii: "]") {
            index += 1
            return
        }
        var element = 0
        while index < bytes.count {
            value(at: "\(path)[\(element)]")
            element += 1
            if byte == UInt8(ascii: ",") {
                index += 1
            } else {
                expect("]", at: path)
                return
            }
        }
    }

    /// The raw bytes between the quotes.
    private mutating func string(at path: String) -> [UInt8] {
        expect("\"", at: path)
        let start = index
        while let next = byte, next != UInt8(ascii: "\"") {
            index += next == UInt8(ascii: "\\") ? 2 : 1
        }
        let content = Array(bytes[start..<min(index, bytes.count)])
        expect("\"", at: path)
        return content
    }
}

/// A change to a bundle's JSON text and the error it must cause.
struct TamperCase: Sendable, CustomTestStringConvertible {
    var name: String
    var from: String
    var to: String
    var error: Kind

    enum Kind: Sendable {
        case hashMismatch
        case unsupportedFormat(String)
        case malformed(String)
    }

    var testDescription: String { name }
}

@Suite("bundle: canonical JSON, content hash, verification, limits")
struct BundleTests {
    static func bundle(_ example: Example) throws -> PolicyBundle {
        try ExamplePolicies.compiled(example).bundle
    }

    static func json(_ example: Example) throws -> String {
        String(decoding: try bundle(example).canonicalJSON, as: UTF8.self)
    }

    @Test("policy is sha256: and the hash of the canonical encoding with policy empty", arguments: Example.allCases)
    func contentHash(_ example: Example) throws {
        let bundle = try Self.bundle(example)
        var unhashed = bundle
        unhashed.policy = ""
        #expect(bundle.policy == "sha256:" + SHA256.hex(unhashed.canonicalJSON))
        #expect(bundle.contentHash == bundle.policy)
        #expect(try ExamplePolicies.compiled(example).hash == bundle.policy)
        #expect(String(decoding: unhashed.canonicalJSON, as: UTF8.self).contains(#""policy":"""#))
    }

    @Test("the hash agrees with sha256sum of the canonical bytes", arguments: [Example.photocollage, .lingualeap])
    func agreesWithSHA256Sum(_ example: Example) throws {
        let bundle = try Self.bundle(example)
        var unhashed = bundle
        unhashed.policy = ""
        #expect(try "sha256:" + SystemSHA256.hex(Array(unhashed.canonicalJSON)) == bundle.policy)
        #expect(try SystemSHA256.hex(Array(bundle.canonicalJSON)) == SHA256.hex(bundle.canonicalJSON))
    }

    @Test("different policies have different hashes")
    func distinctHashes() throws {
        let hashes = try Example.allCases.map { try Self.bundle($0).policy }
        #expect(Set(hashes).count == Example.allCases.count)
    }

    @Test("canonical JSON: sorted keys, integers only, no white space", arguments: Example.allCases)
    func canonicalForm(_ example: Example) throws {
        #expect(CanonicalJSONChecker.problems(try Self.bundle(example).canonicalJSON) == [])
    }

    @Test("the canonical form checker catches what it looks for", arguments: [
        (#"{"b":1,"a":2}"#, ["$: key 'a' after 'b'"]),
        (#"{"a":{"y":[1,{"d":0,"c":0}],"z":2}}"#, ["$.a.y[1]: key 'c' after 'd'"]),
        (#"{"a":1.5}"#, ["$.a: float 1.5"]),
        (#"{"a":[1e3]}"#, ["$.a[0]: float 1e3"]),
        (#"{"a": 1}"#, ["$.a: unexpected byte 32 at 5", "$: expected '}' at byte 8"]),
        (#"{"a":"x y","b":[true,null,-3]}"#, []),
    ])
    func checker(_ json: String, _ problems: [String]) {
        #expect(CanonicalJSONChecker.problems(Data(json.utf8)) == problems)
    }

    @Test("the canonical JSON decodes to the same bundle and re-encodes to the same bytes", arguments: Example.allCases)
    func roundTrip(_ example: Example) throws {
        let bundle = try Self.bundle(example)
        let decoded = try PolicyBundle(json: bundle.canonicalJSON)
        #expect(decoded == bundle)
        #expect(decoded.canonicalJSON == bundle.canonicalJSON)
    }

    @Test("the hash names the content: the same bundle pretty-printed still verifies")
    func whiteSpaceIsNotContent() throws {
        let bundle = try Self.bundle(.photocollage)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        #expect(try PolicyBundle(json: encoder.encode(bundle)) == bundle)
    }

    @Test("two loads of the same file compile to identical bytes", arguments: Example.allCases)
    func deterministicBytes(_ example: Example) throws {
        let first = PolicyCompiler.bundle(try ExamplePolicies.policy(example)).canonicalJSON
        let second = PolicyCompiler.bundle(try ExamplePolicies.policy(example)).canonicalJSON
        #expect(first == second)
        #expect(first == (try Self.bundle(example)).canonicalJSON)
    }

    static let tamperCases: [TamperCase] = [
        TamperCase(name: "a tier title", from: #""title":"Premium""#, to: #""title":"Premiun""#, error: .hashMismatch),
        TamperCase(name: "ad_free switched on for free", from: #""ad_free":false"#, to: #""ad_free":true"#,
                   error: .hashMismatch),
        TamperCase(name: "a price", from: #""USD":"3.99""#, to: #""USD":"3.98""#, error: .hashMismatch),
        TamperCase(name: "a product's grants", from: #""grants":["remove-ads"]"#, to: #""grants":["premium"]"#,
                   error: .hashMismatch),
        TamperCase(name: "unknown: deny → grant", from: #""unknown":"deny""#, to: #""unknown":"grant""#,
                   error: .hashMismatch),
        TamperCase(name: "billing_retry added to the granting states", from: #""grants":["active","grace_period"]"#,
                   to: #""grants":["active","grace_period","billing_retry"]"#, error: .hashMismatch),
        TamperCase(name: "consent no longer required", from: #""require_consent":true"#, to: #""require_consent":false"#,
                   error: .hashMismatch),
        TamperCase(name: "the hash itself", from: #""policy":"sha256:"#, to: #""policy":"sha256:0"#,
                   error: .hashMismatch),
        TamperCase(name: "another format", from: #""format":"tollgate-bundle/v1""#, to: #""format":"tollgate-bundle/v2""#,
                   error: .unsupportedFormat("tollgate-bundle/v2")),
        TamperCase(name: "the policy file's format", from: #""format":"tollgate-bundle/v1""#,
                   to: #""format":"tollgate/v1""#, error: .unsupportedFormat("tollgate/v1")),
        TamperCase(name: "a broken boolean", from: #""ad_free":false"#, to: #""ad_free":"no""#,
                   error: .malformed("tiers[0].ad_free: expected true or false")),
        TamperCase(name: "an unknown product type", from: #""type":"consumable""#, to: #""type":"subscription""#,
                   error: .malformed("products[3].type: not one of consumable, non-consumable, auto-renewable, "
                       + "non-renewing; found 'subscription'")),
        TamperCase(name: "a missing app", from: #""app":"photocollage","#, to: "",
                   error: .malformed("app: missing")),
        TamperCase(name: "an unknown sync mode", from: #""unknown":"deny""#, to: #""unknown":"maybe""#,
                   error: .malformed("entitlements.unknown: not one of deny, grant, cached; found 'maybe'")),
        TamperCase(name: "a period in months as text", from: #""months":1"#, to: #""months":"1""#,
                   error: .malformed("products[1].period.months: expected a number")),
        TamperCase(name: "cut short", from: #""title":"Premium"}]}"#, to: #""title":"Premium"}]"#,
                   error: .malformed("bad JSON")),
    ]

    @Test("a tampered bundle is rejected", arguments: tamperCases)
    func tampered(_ testCase: TamperCase) throws {
        let json = try Self.json(.photocollage)
        let range = try #require(json.range(of: testCase.from), "'\(testCase.from)' is not in the bundle")
        let changed = json.replacingCharacters(in: range, with: testCase.to)
        #expect(changed != json)
        do {
            let bundle = try PolicyBundle(json: Data(changed.utf8))
            Issue.record("accepted: \(bundle.policy)")
        } catch {
            switch (testCase.error, error) {
            case (.hashMismatch, .hashMismatch(let expected, let actual)):
                #expect(expected != actual)
                var reparsed = try JSONDecoder().decode(PolicyBundle.self, from: Data(changed.utf8))
                #expect(actual == reparsed.contentHash)
                reparsed.policy = ""
                #expect(actual == "sha256:" + SHA256.hex(reparsed.canonicalJSON))
            case (.unsupportedFormat(let format), .unsupportedFormat(let found)):
                #expect(found == format)
                #expect(error.description == "unsupported bundle format '\(format)'; expected 'tollgate-bundle/v1'")
            case (.malformed(let detail), .malformed(let found)):
                #expect(found.hasPrefix(detail), "\(found)")
                #expect(error.description.hasPrefix("the bundle is not valid JSON of tollgate-bundle/v1: \(detail)"))
            default:
                Issue.record("expected \(testCase.error), got \(error)")
            }
        }
        #expect(throws: BundleError.self) { try CompiledPolicy(bundleJSON: Data(changed.utf8)) }
    }

    @Test("single-bit changes of a bundle's bytes are rejected (seeded sample)",
          arguments: [Example.photocollage, .lingualeap])
    func bitFlips(_ example: Example) throws {
        let bytes = Array(try Self.bundle(example).canonicalJSON)
        var random = SplitMix64(seed: UInt64(bytes.count))
        var accepted: [String] = []
        for _ in 0..<300 {
            let position = Int.random(in: bytes.indices, using: &random)
            var changed = bytes
            changed[position] ^= 1 << UInt8.random(in: 0..<7, using: &random)
            if (try? PolicyBundle(json: Data(changed))) != nil {
                accepted.append(String(decoding: changed[max(0, position - 20)..<min(bytes.count, position + 20)],
                                       as: UTF8.self))
            }
        }
        #expect(accepted.isEmpty, "accepted: \(accepted.prefix(5))")
    }

    static func tiers(_ count: Int) -> [PolicyBundle.Tier] {
        (0..<count).map { PolicyBundle.Tier(id: $0 == 0 ? "free" : "t\($0)", title: nil, adFree: false, includes: []) }
    }

    @Test("more than 256 tiers are rejected")
    func tooManyTiers() throws {
        let bundle = HandMade.bundle(products: [], tiers: Self.tiers(257), features: [])
        #expect(throws: BundleError.tooManyTiers(257)) { try CompiledPolicy(bundle) }
        #expect(throws: BundleError.tooManyTiers(257)) { try CompiledPolicy(bundleJSON: bundle.canonicalJSON) }
        #expect(BundleError.tooManyTiers(257).description == "the policy has 257 tiers; at most 256 are supported")
    }

    @Test("256 tiers work, the last one included")
    func fullTierSet() throws {
        let bundle = HandMade.bundle(
            products: [HandMade.product("top", grants: ["t255"]), HandMade.product("low", grants: ["t1", "t64", "t128"])],
            tiers: Self.tiers(256),
            features: [PolicyBundle.Feature(id: "top.feature", title: nil, tier: "t255"),
                       PolicyBundle.Feature(id: "word.edge", title: nil, tier: "t64")])
        let evaluator = Evaluator(policy: try CompiledPolicy(bundle))
        let top = evaluator.access([Entitlement(product: "top")], now: ExamplePolicies.now)
        #expect(top.tierIDs == ["free", "t255"])
        #expect(top.unlocks("top.feature"))
        #expect(!top.unlocks("word.edge"))
        let low = try HandMade.decide(bundle, [Entitlement(product: "low")])
        #expect(low.tiers == ["free", "t1", "t64", "t128"])
        #expect(low.features == ["top.feature": false, "word.edge": true])
    }

    @Test("references to tiers the bundle lacks are rejected", arguments: [
        (HandMade.bundle(products: [HandMade.product("p", grants: ["ghost"])]), "tier 'ghost' in product 'p'"),
        (HandMade.bundle(products: [], features: [PolicyBundle.Feature(id: "f", title: nil, tier: "ghost")]),
         "tier 'ghost' in feature 'f'"),
    ])
    func unknownReferences(_ bundle: PolicyBundle, _ detail: String) {
        #expect(throws: BundleError.unknownReference(detail)) { try CompiledPolicy(bundle) }
    }

    @Test("photocollage compiles to free first, includes closed over, consumables granting nothing")
    func photocollageShape() throws {
        let bundle = try Self.bundle(.photocollage)
        #expect(bundle.format == "tollgate-bundle/v1")
        #expect(bundle.app == "photocollage")
        #expect(bundle.bundleID == "com.example.photocollage")
        #expect(bundle.tiers == [
            PolicyBundle.Tier(id: "free", title: "Free", adFree: false, includes: []),
            PolicyBundle.Tier(id: "remove-ads", title: "Remove Ads", adFree: true, includes: []),
            PolicyBundle.Tier(id: "premium", title: "Premium", adFree: false, includes: ["remove-ads"]),
        ])
        #expect(bundle.products.map(\.grants) == [["remove-ads"], ["remove-ads", "premium"], ["remove-ads", "premium"], []])
        #expect(bundle.products.map(\.period) == [nil, .init(months: 1, days: 0), .init(months: 12, days: 0), nil])
        #expect(bundle.products[0].prices == ["USD": "2.99", "KRW": "3900", "JPY": "480"])
        #expect(bundle.entitlements == .init(grants: [.active, .gracePeriod], unknown: .deny))
        #expect(bundle.ads == .init(hideUntilSynced: true, requireConsent: true, placements: Photocollage.placements))
        #expect(bundle.features.map(\.tier) == ["free", "free", "premium", "premium"])
    }

    @Test("lingualeap compiles weeks to days and closes includes over two levels")
    func lingualeapShape() throws {
        let bundle = try Self.bundle(.lingualeap)
        #expect(bundle.tiers.map(\.id) == ["free", "plus", "exam-prep", "pro", "family"])
        #expect(bundle.tiers.map(\.includes) == [[], [], [], ["plus", "exam-prep"], ["plus", "exam-prep", "pro"]])
        let weekly = try #require(bundle.products.first { $0.id == Lingualeap.proWeekly })
        #expect(weekly.period == .init(months: 0, days: 7))
        let pass = try #require(bundle.products.first { $0.id == Lingualeap.examPass })
        #expect(pass.period == .init(months: 3, days: 0))
        #expect(pass.type == .nonRenewing)
        #expect(bundle.entitlements.unknown == .cached)
        #expect(bundle.ads.requireConsent == false)
    }
}

/// Bundles written before placements existed still load, with their hash, and resolve no placement.
@Suite struct BundleCompatibilityTests {
    @Test("a bundle without placements or experiments loads and keeps its hash")
    func bundleFromBeforePlacements() throws {
        let json = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("bundles/photocollage-before-placements.json")))
        let policy = try CompiledPolicy(bundleJSON: json)
        #expect(policy.bundle.placements.isEmpty && policy.bundle.experiments.isEmpty)
        #expect(policy.hash == "sha256:493d27b5bf96f1647a824f1605a1a1843f6a81636208fdc7dabd6aaace514257")
        #expect(policy.bundle.canonicalJSON == json.prefix { $0 != UInt8(ascii: "\n") })
        #expect(Evaluator(policy: policy).resolve(placement: "onboarding", context: EvaluationInput(entitlements: []),
                                                  now: Date()) == nil)
    }
}

/// A bundle whose placements or experiments contradict themselves is refused when loaded, by kind.
@Suite struct BundlePlacementErrorTests {
    static let variants: [PolicyBundle.Variant] = [.init(id: "a", paywall: "main", weight: 1)]

    static func experiment(status: ExperimentStatus = .running, winner: String? = nil,
                           variants: [PolicyBundle.Variant] = variants) -> PolicyBundle.Experiment {
        PolicyBundle.Experiment(id: "e", seed: "e", status: status, winner: winner, variants: variants)
    }

    static func placement(when: String? = nil, paywall: String? = nil, experiment: String? = "e") -> PolicyBundle.Placement {
        PolicyBundle.Placement(id: "p", audiences: [.init(id: "a", when: when, paywall: paywall, experiment: experiment)])
    }

    @Test(arguments: [
        ([placement()], [experiment(), experiment()], BundleError.invalidPlacements("experiment 'e' is given twice")),
        ([placement()], [experiment(variants: [.init(id: "a", paywall: nil, weight: 0)])],
         .invalidPlacements("experiment 'e' has weights totalling 0")),
        ([placement()], [experiment(status: .concluded)],
         .invalidPlacements("experiment 'e' is concluded with winner none")),
        ([placement()], [experiment(winner: "a")], .invalidPlacements("experiment 'e' is running with winner 'a'")),
        ([placement(when: "storfront == \"JPN\"")], [experiment()],
         .invalidPlacements("placement 'p', audience 'a': unknown name 'storfront'")),
        ([placement(paywall: "main")], [experiment()],
         .invalidPlacements("audience 'a' gives both a paywall and an experiment")),
        ([placement(experiment: "x")], [experiment()], .unknownReference("experiment 'x' in placement 'p'")),
    ] as [([PolicyBundle.Placement], [PolicyBundle.Experiment], BundleError)])
    func refused(placements: [PolicyBundle.Placement], experiments: [PolicyBundle.Experiment], error: BundleError) {
        let bundle = ConditionProbe.bundle(placements: placements, experiments: experiments)
        #expect(throws: error) { try CompiledPolicy(bundle) }
    }
}
