import Foundation
import Testing
@testable import TollgateEvaluation

/// An input document that must be refused, and the exact message.
struct InputErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var message: String

    var testDescription: String { name }
}

@Suite("EvaluationInput(json:): defaults and readable errors")
struct EvaluationInputTests {
    static func decode(_ json: String) throws(InputError) -> EvaluationInput {
        try EvaluationInput(json: Data(json.utf8))
    }

    @Test("missing keys take the defaults: no entitlements, synced, consent unknown, no now, no currency")
    func defaults() throws {
        let input = try Self.decode("{}")
        #expect(input == EvaluationInput(entitlements: []))
        #expect(input.entitlements.isEmpty)
        #expect(input.synced == true)
        #expect(input.consent == .unknown)
        #expect(input.now == nil)
        #expect(input.currency == nil)
    }

    @Test("The documented example input")
    func specExample() throws {
        let input = try Self.decode("""
            { "entitlements": [
                { "product": "com.example.photocollage.removeads", "state": "active" },
                { "product": "com.example.photocollage.premium.monthly", "state": "grace_period",
                  "expires": "2026-12-01T00:00:00Z" } ],
              "synced": true, "consent": "granted", "now": "2026-11-29T12:00:00Z" }
            """)
        #expect(input == EvaluationInput(
            entitlements: [
                Entitlement(product: Photocollage.removeAds, state: .active),
                Entitlement(product: Photocollage.monthly, state: .gracePeriod,
                            expires: ExamplePolicies.at(36 * 3_600)),
            ],
            synced: true, consent: .granted, now: ExamplePolicies.now))
    }

    @Test("every state, consent and sync value reads", arguments: EntitlementState.allCases)
    func states(_ state: EntitlementState) throws {
        let input = try Self.decode("""
            {"entitlements":[{"product":"p","state":"\(state.rawValue)"}],"synced":false,"consent":"denied",
             "currency":"KRW"}
            """)
        #expect(input.entitlements == [Entitlement(product: "p", state: state)])
        #expect(input.synced == false)
        #expect(input.consent == .denied)
        #expect(input.currency == "KRW")
    }

    @Test("dates with fractional seconds read")
    func fractionalSeconds() throws {
        let input = try Self.decode(#"{"now":"2026-11-29T12:00:00.250Z"}"#)
        let now = try #require(input.now)
        #expect(abs(now.timeIntervalSince(ExamplePolicies.at(0.25))) < 0.001)
    }

    @Test("dates with a UTC offset read as the same instant")
    func utcOffset() throws {
        let input = try Self.decode(#"{"now":"2026-11-29T13:00:00+01:00"}"#)
        #expect(input.now == ExamplePolicies.now)
    }

    static let allowedStates = "active, grace_period, billing_retry, expired, revoked, pending"

    static let errorCases: [InputErrorCase] = [
        InputErrorCase(name: "a misspelled state",
                       json: #"{"entitlements":[{"product":"p","state":"actve"}]}"#,
                       message: "entitlements[0].state: not one of \(allowedStates); found 'actve'"),
        InputErrorCase(name: "a bad state in the second entitlement",
                       json: #"{"entitlements":[{"product":"p","state":"active"},{"product":"q","state":"Active"}]}"#,
                       message: "entitlements[1].state: not one of \(allowedStates); found 'Active'"),
        InputErrorCase(name: "a bad consent", json: #"{"consent":"maybe"}"#,
                       message: "consent: not one of granted, denied, unknown; found 'maybe'"),
        InputErrorCase(name: "a bad date", json: #"{"now":"yesterday"}"#,
                       message: "now: 'yesterday' is not an ISO 8601 date-time such as 2026-11-29T12:00:00Z"),
        InputErrorCase(name: "a date without a time",
                       json: #"{"entitlements":[{"product":"p","state":"active","expires":"2026-12-01"}]}"#,
                       message: "entitlements[0].expires: '2026-12-01' is not an ISO 8601 date-time such as "
                           + "2026-11-29T12:00:00Z"),
        InputErrorCase(name: "a date without a zone", json: #"{"now":"2026-11-29T12:00:00"}"#,
                       message: "now: '2026-11-29T12:00:00' is not an ISO 8601 date-time such as 2026-11-29T12:00:00Z"),
        InputErrorCase(name: "a missing state", json: #"{"entitlements":[{"product":"p"}]}"#,
                       message: "entitlements[0].state: missing"),
        InputErrorCase(name: "synced as a string", json: #"{"synced":"yes"}"#,
                       message: "synced: expected true or false"),
        InputErrorCase(name: "a product id as a number", json: #"{"entitlements":[{"product":42,"state":"active"}]}"#,
                       message: "entitlements[0].product: expected a string"),
        InputErrorCase(name: "a missing product", json: #"{"entitlements":[{"state":"active"}]}"#,
                       message: "entitlements[0].product: missing"),
        InputErrorCase(name: "a null state", json: #"{"entitlements":[{"product":"p","state":null}]}"#,
                       message: "entitlements[0].state: expected a string, found null"),
    ]

    @Test("readable errors name the path", arguments: errorCases)
    func errors(_ testCase: InputErrorCase) {
        #expect(throws: InputError(message: testCase.message)) {
            try Self.decode(testCase.json)
        }
    }

    /// Documents that are wrong as a whole, or wrong in a way Foundation words: the message names where.
    @Test("errors without an exact wording still name the place", arguments: [
        (#"{"entitlements":{}}"#, "entitlements"),
        (#"{"entitlements":["p"]}"#, "entitlements[0]"),
        (#"{"currency":7}"#, "currency"),
        ("[]", "the document"),
        ("\"text\"", "the document"),
    ])
    func placedErrors(_ json: String, _ place: String) {
        do {
            _ = try Self.decode(json)
            Issue.record("\(json) decoded")
        } catch {
            #expect(error.message.hasPrefix(place + ":"), "\(error.message)")
            #expect(error.description == error.message)
        }
    }

    @Test("broken JSON text is reported with its line and column", arguments: [
        ("not json", "bad JSON at line 1, column 1: expected a value, found 'n'"),
        ("{\"synced\": true,,}", "bad JSON at line 1, column 17: expected a member name in double quotes, found ','"),
        ("", "bad JSON at line 1, column 1: expected a value, found the end of the text"),
        ("{\"synced\": true, \"synced\": false}",
         "bad JSON at line 1, column 18: duplicate member 'synced'; give each name once"),
    ])
    func syntaxErrors(_ json: String, _ message: String) {
        #expect(throws: InputError(message: message)) {
            try Self.decode(json)
        }
    }

    @Test("a syntax error on a later line names that line")
    func syntaxErrorLine() {
        do {
            _ = try Self.decode("{\n  \"consent\": \"granted\",\n  \"synced\": tru\n}")
            Issue.record("decoded")
        } catch {
            #expect(error.message == "bad JSON at line 3, column 13: expected a value, found 't'")
        }
    }
}
