import Foundation
import Server
import Testing
import TollgateEvaluation

/// The placement routes through the router alone: the decision, the decision with its paywall rendered, and
/// every error.
@Suite struct PlacementRouteTests {
    let service = ExampleService()

    /// A new user in Japan on a recent version, judged at a fixed time: onboarding's `japan-new` audience.
    static let japanNew = #"{"user_id":"user-7","storefront":"JPN","locale":"ja-JP","platform":"ios","#
        + #""app_version":"2.4.1","install_date":"2026-11-25T08:00:00Z","now":"2026-11-29T12:00:00Z"}"#
    static let premium = #"{"entitlements":[{"product":"com.example.photocollage.premium.yearly","state":"active"}],"#
        + #""user_id":"user-7","now":"2026-11-29T12:00:00Z"}"#
    static let prices = #""currency":"USD","prices":{"com.example.photocollage.premium.yearly":"29.99","#
        + #""com.example.photocollage.premium.monthly":"3.99","com.example.photocollage.removeads":"2.99"},"#
        + #""intro_eligible":{"premium":true}"#

    /// Contexts that reach every kind of answer: an audience's paywall or nothing, a split, an absent attribute.
    static let contexts = [
        "{}",
        japanNew,
        premium,
        #"{"user_id":"user-1","attributes":{"beta":true},"now":"2026-11-29T12:00:00Z"}"#,
        #"{"user_id":"user-2","attributes":{"sessions":12},"now":"2026-11-29T12:00:00Z"}"#,
        #"{"user_id":"user-3","storefront":"JPN","app_version":"2.2","install_date":"2026-11-28T00:00:00Z","#
            + #""attributes":{"exam_in_days":10},"entitlements":[{"product":"com.example.lingualeap.plus.yearly","#
            + #""state":"expired"}],"now":"2026-11-29T12:00:00Z"}"#,
    ]

    /// Every placement of both example apps in every context: the service sends exactly the bytes of
    /// `PlacementDecision.json` for the library's explained decision.
    @Test(arguments: contexts)
    func resolveSendsTheLibrarysDecision(_ context: String) throws {
        for release in try ExampleService.releases() {
            let evaluator = Evaluator(policy: release.compiled)
            let input = try EvaluationInput(json: Data(context.utf8))
            for placement in release.compiled.bundle.placements.map(\.id) {
                let answer = service.send("POST", "/v1/apps/\(release.compiled.app)/placements/\(placement)/resolve",
                                          json: context)
                #expect(answer.status == 200, "\(answer.text)")
                #expect(answer.header("Content-Type") == "application/json")
                let explained = try #require(evaluator.resolveExplained(placement: placement, context: input, now: ExampleService.requestTime))
                let expected = explained.decision.json(app: release.compiled.app, policy: release.compiled.hash,
                                                       trace: explained.trace)
                #expect(answer.text == String(decoding: expected, as: UTF8.self), "\(placement) with \(context)")
            }
        }
    }

    @Test func aNewUserInJapanIsSplitByTheExperiment() {
        let answer = service.send("POST", "/v1/apps/photocollage/placements/onboarding/resolve", json: Self.japanNew)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.object["audience"] as? String == "japan-new")
        #expect(answer.object["experiment"] as? String == "onboarding-paywall")
        #expect(answer.object["reason"] as? String == "SPLIT")
        #expect(answer.object["bucket"] is Int)
        #expect((answer.object["trace"] as? [String])?.last == "japan-new: matched")
    }

    @Test func aSubscriberSeesNothing() {
        let answer = service.send("POST", "/v1/apps/photocollage/placements/onboarding/resolve", json: Self.premium)
        #expect(answer.object["show"] as? Bool == false)
        #expect(answer.object["paywall"] is NSNull)
        #expect(answer.object["audience"] as? String == "subscribers")
        #expect(answer.object["reason"] as? String == "TARGETING_MATCH")
    }

    static let routes = ["resolve", "paywall"]

    @Test(arguments: routes)
    func unknownAppsAndPlacementsAre404sNamingTheKnownOnes(_ route: String) {
        let app = service.send("POST", "/v1/apps/nope/placements/onboarding/\(route)", json: "{}")
        #expect(app.status == 404)
        #expect(app.header("Content-Type") == "application/problem+json")
        #expect((app.object["detail"] as? String)?.contains("lingualeap, photocollage") == true, "\(app.text)")
        let placement = service.send("POST", "/v1/apps/photocollage/placements/onbording/\(route)", json: "{}")
        #expect(placement.status == 404)
        #expect(placement.header("Content-Type") == "application/problem+json")
        #expect(placement.object["type"] as? String == "urn:tollgate:problem:not-found")
        #expect(placement.object["detail"] as? String == "no placement 'onbording' in app 'photocollage' "
                + "(its placements: onboarding, templates-advanced, settings); did you mean 'onboarding'?")
        #expect(placement.object["placements"] as? [String] == ["onboarding", "templates-advanced", "settings"])
        #expect(placement.object["instance"] as? String == "/v1/apps/photocollage/placements/onbording/\(route)")
    }

    /// A body that is not JSON, not an object, or holds a context value of the wrong kind: 400 as on the evaluate
    /// route.
    @Test(arguments: routes)
    func badBodiesAre400s(_ route: String) {
        let path = "/v1/apps/photocollage/placements/onboarding/\(route)"
        let cases = [
            ("", "urn:tollgate:problem:invalid-json", "the body is empty; send a JSON object"),
            ("{\n \"user_id\": u }", "urn:tollgate:problem:invalid-json", "line 2, column"),
            ("[]", "urn:tollgate:problem:invalid-json", "the body must be a JSON object"),
            (#"{"user_id": 7}"#, "urn:tollgate:problem:invalid-input", "user_id: expected a string"),
            (#"{"attributes": {"tags": ["a"]}}"#, "urn:tollgate:problem:invalid-input",
             "attributes.tags: expected a string, a number or true or false"),
            (#"{"install_date": "yesterday"}"#, "urn:tollgate:problem:invalid-input",
             "install_date: 'yesterday' is not an ISO 8601 date-time"),
        ]
        for (body, type, detail) in cases {
            let answer = service.send("POST", path, json: body)
            #expect(answer.status == 400, "\(body): \(answer.text)")
            #expect(answer.header("Content-Type") == "application/problem+json")
            #expect(answer.object["type"] as? String == type, "\(body): \(answer.text)")
            #expect((answer.object["detail"] as? String)?.contains(detail) == true, "\(body): \(answer.text)")
        }
    }

    @Test(arguments: routes)
    func otherMethodsAre405(_ route: String) {
        let answer = service.send("GET", "/v1/apps/photocollage/placements/onboarding/\(route)")
        #expect(answer.status == 405)
        #expect(answer.header("Allow") == "POST")
    }

    /// The paywall route answers the decision and the render route's JSON for the chosen paywall with the same
    /// prices and locale.
    @Test func paywallRendersTheChosenPaywall() throws {
        let context = #"{"user_id":"user-2","attributes":{"sessions":12},"locale":"ko-KR","#
            + #""now":"2026-11-29T12:00:00Z","# + Self.prices + "}"
        let answer = service.send("POST", "/v1/apps/photocollage/placements/onboarding/paywall", json: context)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.header("Content-Type") == "application/json")
        let resolved = service.send("POST", "/v1/apps/photocollage/placements/onboarding/resolve", json: context)
        let rendered = service.send("POST", "/v1/apps/photocollage/paywalls/main/render",
                                    json: #"{"locale":"ko-KR","# + Self.prices + "}")
        #expect(rendered.status == 200, "\(rendered.text)")
        #expect(answer.text == #"{"decision":\#(resolved.text),"paywall":\#(rendered.text)}"#)
        let decision = try #require(answer.object["decision"] as? [String: Any])
        #expect(decision["audience"] as? String == "engaged" && decision["paywall"] as? String == "main")
        #expect((answer.object["paywall"] as? [String: Any])?["locale"] as? String == "ko")
    }

    @Test func paywallIsNullWhenNothingShows() throws {
        let body = String(Self.premium.dropLast()) + "," + Self.prices + "}"
        let answer = service.send("POST", "/v1/apps/photocollage/placements/onboarding/paywall", json: body)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.object["paywall"] is NSNull)
        let decision = try #require(answer.object["decision"] as? [String: Any])
        #expect(decision["show"] as? Bool == false && decision["audience"] as? String == "subscribers")
        let badPrices = String(Self.premium.dropLast()) + #","currency":"USD","prices":{"x":"1,99"}}"#
        let refused = service.send("POST", "/v1/apps/photocollage/placements/onboarding/paywall", json: badPrices)
        #expect(refused.status == 400, "the prices are checked even when nothing shows: \(refused.text)")
    }

    /// The prices are checked as the render route checks them, wherever the decision lands; a key neither the
    /// context nor the prices know is refused, with positions in the body.
    @Test(arguments: [
        (#"{"user_id":"u","currency":"USD"}"#, "1:1: the prices file is missing required key 'prices'"),
        (#"{"user_id":"u","currency":"USD","prices":{"com.example.photocollage.removeads":"2.999"}}"#,
         "1:80: the price of 'com.example.photocollage.removeads' in prices, '2.999', has 3 decimal places; "
            + "USD has at most 2 decimal places"),
        (#"{"user_ID":"u","currency":"USD","prices":{}}"#, "1:2: unknown key 'user_ID' in the prices file"),
    ])
    func paywallRefusesBadPrices(_ body: String, _ error: String) {
        let answer = service.send("POST", "/v1/apps/photocollage/placements/settings/paywall", json: body)
        #expect(answer.status == 400)
        #expect(answer.object["type"] as? String == "urn:tollgate:problem:invalid-input")
        #expect(answer.object["errors"] as? [String] == [error], "\(answer.text)")
    }

    @Test func everyContextKeyIsAcceptedBesideThePrices() {
        let body = #"{"entitlements":[],"synced":true,"consent":"granted","now":"2026-11-29T12:00:00Z","#
            + #""user_id":"u","storefront":"USA","locale":"en-US","platform":"ios","app_version":"2.4","#
            + #""install_date":"2026-11-01T00:00:00Z","attributes":{"beta":false},"# + Self.prices + "}"
        let answer = service.send("POST", "/v1/apps/photocollage/placements/settings/paywall", json: body)
        #expect(answer.status == 200, "\(answer.text)")
        #expect((answer.object["paywall"] as? [String: Any])?["paywall"] as? String == "main", "\(answer.text)")
    }
}
