import Foundation
import Testing
import TestSupport
@testable import TollgateEvaluation

/// A small policy whose one placement shows `yes` when the condition under test holds and nothing otherwise.
enum ConditionProbe {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func bundle(placements: [PolicyBundle.Placement], experiments: [PolicyBundle.Experiment] = [])
        -> PolicyBundle
    {
        PolicyBundle(
            app: "probe", bundleID: "com.example.probe",
            tiers: [.init(id: "free", title: nil, adFree: false, includes: []),
                    .init(id: "remove-ads", title: nil, adFree: true, includes: []),
                    .init(id: "premium", title: nil, adFree: true, includes: ["remove-ads"])],
            features: [.init(id: "basic", title: nil, tier: "free"), .init(id: "cloud-sync", title: nil, tier: "premium")],
            products: [.init(id: "com.example.probe.premium", type: .autoRenewable, grants: ["premium", "remove-ads"],
                             group: "premium", period: .init(months: 1, days: 0), prices: [:]),
                       .init(id: "com.example.probe.removeads", type: .nonConsumable, grants: ["remove-ads"],
                             group: nil, period: nil, prices: [:])],
            entitlements: .init(grants: [.active, .gracePeriod], unknown: .deny),
            ads: .init(hideUntilSynced: true, requireConsent: false, placements: ["banner"]),
            placements: placements, experiments: experiments)
    }

    static func evaluator(_ when: String) throws -> Evaluator {
        Evaluator(policy: try CompiledPolicy(bundle(placements: [
            .init(id: "p", audiences: [.init(id: "a", when: when, paywall: "yes", experiment: nil),
                                       .init(id: "rest", when: nil, paywall: nil, experiment: nil)]),
        ])))
    }

    static func holds(_ when: String, _ context: EvaluationInput = standard) throws -> Bool {
        try #require(try evaluator(when).resolve(placement: "p", context: context, now: now)).show
    }

    /// A synced premium user in Japan on 2.4.1, installed three days ago, with three attributes.
    static let standard = EvaluationInput(
        entitlements: [Entitlement(product: "com.example.probe.premium")], synced: true, consent: .granted,
        user: UserContext(userID: "u-1", storefront: "JPN", locale: "ja-JP", platform: "ios", appVersion: "2.4.1",
                          installDate: now.addingTimeInterval(-3.5 * 86_400),
                          attributes: ["source": .string("ads"), "sessions": .number(12), "beta": .bool(true)]))

    static func issues(_ when: String) -> [ExpressionIssue] {
        do {
            _ = try ExpressionChecker.compile(when, tierIndex: ["free": 0, "remove-ads": 1, "premium": 2],
                                              featureIndex: ["basic": 0, "cloud-sync": 1])
            return []
        } catch {
            return error.issues
        }
    }
}

@Suite struct AudienceConditionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var when: String
        var holds: Bool
        var testDescription: String { "\(when) is \(holds)" }
        init(_ when: String, _ holds: Bool) {
            self.when = when
            self.holds = holds
        }
    }

    static let cases: [Case] = [
        // strings with every operator
        Case(#"storefront == "JPN""#, true), Case(#"storefront != "JPN""#, false),
        Case(#"storefront < "KOR""#, true), Case(#"storefront <= "JPN""#, true),
        Case(#"storefront > "JPN""#, false), Case(#"storefront >= "JPN""#, true),
        Case(#"storefront in ["KOR", "JPN"]"#, true), Case(#"storefront in ["KOR"]"#, false),
        Case(#"storefront in []"#, false),
        Case(#"language == "ja""#, true), Case(#"locale == "ja-JP""#, true), Case(#"platform == "ios""#, true),
        Case(#"user_id == "u-1""#, true),
        // numbers, integers and decimals alike
        Case("days_since_install == 3", true), Case("days_since_install < 7", true),
        Case("days_since_install > 3", false), Case("days_since_install >= 3.0", true),
        Case("days_since_install <= 2.5", false), Case("days_since_install != 4", true),
        Case("days_since_install in [1, 2, 3]", true), Case("days_since_install > -1", true),
        // versions compare part by part, missing parts are 0
        Case(#"version(app_version) >= version("2.3")"#, true), Case(#"version(app_version) < version("2.10")"#, true),
        Case(#"version(app_version) == version("2.4.1.0")"#, true), Case(#"version(app_version) > version("2.4.1")"#, false),
        Case(#"version("10") > version("9.9.9.9")"#, true),
        // tiers, features and ads
        Case(#""premium" in tiers"#, true), Case(#""remove-ads" in tiers"#, true), Case(#""free" in tiers"#, true),
        Case(#""cloud-sync" in features"#, true), Case("ads", false), Case("!ads", true), Case("ads == false", true),
        Case(#"attributes.source in tiers"#, false),
        // attributes of each kind
        Case(#"attributes.source == "ads""#, true), Case("attributes.sessions > 10", true),
        Case("attributes.sessions == 12.0", true), Case("attributes.beta", true), Case("attributes.beta == true", true),
        Case(#"attributes.source in ["ads", "organic"]"#, true), Case("has(attributes.beta)", true),
        Case("has(attributes.nope)", false), Case(#"attributes.sessions == "12""#, false),
        // absent attributes: every comparison is false, and ! makes it true as written
        Case(#"attributes.nope == "x""#, false), Case(#"attributes.nope != "x""#, false),
        Case(#"!(attributes.nope == "x")"#, true), Case("attributes.nope", false), Case("!attributes.nope", true),
        // precedence: || loosest, then &&, then !, then comparisons
        Case("true || false && false", true), Case("(true || false) && false", false),
        Case(#"!storefront == "KOR""#, true), Case(#"!true || true"#, true), Case(#"!(true || true)"#, false),
        Case(#"storefront == "JPN" && days_since_install < 7 && version(app_version) >= version("2.3")"#, true),
    ]

    @Test("operators, types, absent attributes and precedence", arguments: cases)
    func condition(_ test: Case) throws {
        #expect(try ConditionProbe.holds(test.when) == test.holds)
    }

    @Test("every name of the context is absent when the context does not give it")
    func absentContext() throws {
        let bare = EvaluationInput(entitlements: [], synced: true, consent: .granted)
        for when in [#"user_id == "u""#, #"storefront == "JPN""#, #"locale == "ja""#, #"language == "ja""#,
                     #"platform == "ios""#, #"version(app_version) > version("1")"#, "days_since_install >= 0",
                     #"user_id != "u""#, "days_since_install < 0"] {
            #expect(try ConditionProbe.holds(when, bare) == false, "\(when)")
            #expect(try ConditionProbe.holds("!(\(when))", bare) == true, "!(\(when))")
        }
        #expect(try ConditionProbe.holds(#""free" in tiers"#, bare))
        #expect(try ConditionProbe.holds("ads", bare))
    }

    @Test("an app version that is not a version compares as absent")
    func unreadableVersion() throws {
        var context = ConditionProbe.standard
        context.user.appVersion = "2.4-beta"
        #expect(try ConditionProbe.holds(#"version(app_version) >= version("1")"#, context) == false)
        #expect(try ConditionProbe.holds(#"version(app_version) < version("1")"#, context) == false)
    }

    @Test("the trace says which audience was false, which name was absent, and which matched")
    func trace() throws {
        let evaluator = try ConditionProbe.evaluator(#"attributes.cohort == "b" || "premium" in tiers"#)
        var context = ConditionProbe.standard
        context.entitlements = []
        let (decision, trace) = try #require(evaluator.resolveExplained(placement: "p", context: context,
                                                                        now: ConditionProbe.now))
        #expect(decision == PlacementDecision(placement: "p", audience: "rest", reason: .targetingMatch))
        #expect(trace == [#"a: 'attributes.cohort == "b" || "premium" in tiers' is false (attributes.cohort is absent)"#,
                          "rest: matched"])
        #expect(evaluator.resolve(placement: "nope", context: context, now: ConditionProbe.now) == nil)
    }
}

@Suite struct ExpressionIssueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var when: String
        var kind: ExpressionIssue.Kind
        var range: Range<Int>
        var message: String
        var testDescription: String { when }
    }

    static let cases: [Case] = [
        Case(when: #"storefront == "JPN" &&"#, kind: .syntax, range: 22..<22,
             message: "expected a value, a name or '(' here; found the end of the condition"),
        Case(when: #"(storefront == "JPN""#, kind: .syntax, range: 0..<1, message: "the '(' opened here has no matching ')'"),
        Case(when: #"storefront == "JPN"#, kind: .syntax, range: 14..<15, message: "the string opened here has no closing '\"'"),
        Case(when: "storefront = 'JPN'", kind: .syntax, range: 11..<12, message: "unexpected character '='"),
        Case(when: "storefront == 'JPN'", kind: .syntax, range: 14..<15,
             message: "strings are written in double quotes, not single"),
        Case(when: "1 < days_since_install < 7", kind: .syntax, range: 23..<24, message: "comparisons do not chain"),
        Case(when: "", kind: .syntax, range: 0..<0, message: "the condition is empty"),
        Case(when: "2.3.1 > 2", kind: .syntax, range: 0..<5, message: "'2.3.1' is not a number"),
        Case(when: #"storfront == "JPN""#, kind: .unknownName("storfront", candidates: ContextName.builtIn.keys.sorted() + ["attributes"]),
             range: 0..<9, message: "unknown name 'storfront'"),
        Case(when: #"user.id == "x""#, kind: .unknownName("user.id", candidates: []), range: 0..<7,
             message: "unknown name 'user.id'"),
        Case(when: #"size(tiers) > 1"#, kind: .unknownName("size", candidates: ["has", "version"]), range: 0..<4,
             message: "unknown function 'size'"),
        Case(when: #"days_since_install == "7""#, kind: .typeMismatch, range: 0..<25,
             message: #"'days_since_install' is a number and '"7"' is a string"#),
        Case(when: "ads < true", kind: .typeMismatch, range: 0..<10,
             message: "booleans have no order; '<' needs numbers, strings or versions"),
        Case(when: #"app_version >= version("2.3")"#, kind: .typeMismatch, range: 0..<29,
             message: "a version is compared with a version; 'app_version' is not one"),
        Case(when: "storefront", kind: .typeMismatch, range: 0..<10, message: "the condition is a string, not true or false"),
        Case(when: #"tiers == "premium""#, kind: .typeMismatch, range: 0..<18,
             message: "lists cannot be compared with '=='"),
        Case(when: #"storefront in "JPN""#, kind: .typeMismatch, range: 14..<19,
             message: "'in' needs a list, tiers or features on its right; this is a string"),
        Case(when: #"storefront in ["JPN", 1]"#, kind: .typeMismatch, range: 14..<24, message: "a list mixes strings and numbers"),
        Case(when: #""platinum" in tiers"#, kind: .unknownTier("platinum"), range: 0..<10, message: "unknown tier 'platinum'"),
        Case(when: #""cloud" in features"#, kind: .unknownFeature("cloud"), range: 0..<7, message: "unknown feature 'cloud'"),
        Case(when: #"storefront == "JP""#, kind: .storefront("JP"), range: 14..<18,
             message: #"'JP' is not a storefront code; storefronts are ISO 3166-1 alpha-3 codes such as "JPN""#),
        Case(when: #"storefront in ["JPN", "kor"]"#, kind: .storefront("kor"), range: 22..<27,
             message: #"'kor' is not a storefront code; storefronts are ISO 3166-1 alpha-3 codes such as "JPN""#),
        Case(when: #"version(app_version) > version("2.x")"#, kind: .version("2.x"), range: 31..<36,
             message: "'2.x' is not a version"),
        Case(when: #"version(app_version) > version("1.2.3.4.5")"#, kind: .version("1.2.3.4.5"), range: 31..<42,
             message: "'1.2.3.4.5' is not a version"),
    ]

    @Test("each mistake is located in the condition's text", arguments: cases)
    func located(_ test: Case) throws {
        let issue = try #require(ConditionProbe.issues(test.when).first)
        #expect(issue.kind == test.kind)
        #expect(issue.range == test.range)
        #expect(issue.message == test.message)
    }

    @Test("ranges count UTF-8 bytes, so text after Korean or emoji is still found")
    func nonASCII() throws {
        let issue = try #require(ConditionProbe.issues(#"storefront == "값" && storfront == "JPN""#)
            .first { $0.message == "unknown name 'storfront'" })
        #expect(issue.message == "unknown name 'storfront'")
        #expect(issue.range == 23..<32)
        let hangul = try #require(ConditionProbe.issues("attributes.이름 == 1").first)
        #expect(hangul.message == "expected an attribute's name after '.'; found '이'" || hangul.range == 11..<14)
        let emoji = try #require(ConditionProbe.issues(#""👩‍💻" in tiers"#).first)
        #expect(emoji.kind == .unknownTier("👩‍💻"))
        #expect(emoji.range == 0..<13)
    }

    @Test("limits: 4 KiB of text and 64 levels of nesting")
    func limits() {
        let long = "ads || " + String(repeating: "ads || ", count: 600) + "ads"
        #expect(ConditionProbe.issues(long).first?.kind == .limit)
        #expect(ConditionProbe.issues(String(repeating: "(", count: 64) + "ads" + String(repeating: ")", count: 64)) == [])
        #expect(ConditionProbe.issues(String(repeating: "(", count: 65) + "ads" + String(repeating: ")", count: 65))
            .first?.kind == .limit)
        #expect(ConditionProbe.issues(String(repeating: "!", count: 65) + "ads").first?.kind == .limit)
        #expect(ConditionProbe.issues(String(repeating: "(", count: 100_000)).first?.kind == .limit)
    }

    @Test("an unknown name does not hide the mistakes after it")
    func unknownNamesDoNotStopTheCheck() {
        let issues = ConditionProbe.issues(#"storefront == "JP" && days_since_instal < 7 && version("2.x") > version("1")"#)
        #expect(issues.map(\.message) == [
            #"'JP' is not a storefront code; storefronts are ISO 3166-1 alpha-3 codes such as "JPN""#,
            "unknown name 'days_since_instal'", "'2.x' is not a version",
        ])
    }

    @Test("type errors are all reported, not only the first")
    func everyTypeError() {
        let issues = ConditionProbe.issues(#"days_since_install == "7" && "gold" in tiers && storefront == "J""#)
        #expect(issues.map(\.message) == [
            #"'days_since_install' is a number and '"7"' is a string"#, "unknown tier 'gold'",
            #"'J' is not a storefront code; storefronts are ISO 3166-1 alpha-3 codes such as "JPN""#,
        ])
    }

    @Test("random text never crashes: it is a located issue or a condition that runs")
    func fuzz() throws {
        var random = SplitMix64(seed: 0x5EED_0012)
        let pieces = ["storefront", "==", "\"JPN\"", "&&", "||", "!", "(", ")", "[", "]", ",", "in", "tiers",
                      "\"premium\"", "version(", "app_version", "\"2.3\"", "days_since_install", "<", "7", "1.5",
                      "attributes.x", "has(", "true", "false", "\"\\u00e9\"", "\"\\", "-", ".", "=", "'", "이", "\u{0}",
                      "features", "\"cloud-sync\"", ">=", "!=", "ads", " "]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...12, using: &random)
            let text = (0..<count).map { _ in pieces.randomElement(using: &random)! }
                .joined(separator: Bool.random(using: &random) ? " " : "")
            let issues = ConditionProbe.issues(text)
            let length = text.utf8.count
            for issue in issues {
                #expect(issue.range.lowerBound >= 0 && issue.range.upperBound <= length, "\(text)")
                #expect(!issue.message.isEmpty)
            }
            if issues.isEmpty {
                _ = try ConditionProbe.holds(text)
            }
        }
    }
}
