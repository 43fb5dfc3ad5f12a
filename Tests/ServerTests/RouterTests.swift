import Foundation
import Server
import Testing
import TollgateEvaluation

/// Every documented route and every error, through the router alone (no sockets).
@Suite struct RouterTests {
    let service = ExampleService()

    static let premiumUser = #"{ "entitlements": [{ "product": "com.example.photocollage.premium.yearly", "state": "active" }], "synced": true, "consent": "granted" }"#

    @Test func healthAndReadiness() {
        #expect(service.send("GET", "/healthz").status == 200)
        let ready = service.send("GET", "/readyz")
        #expect(ready.status == 200)
        #expect(ready.object["apps"] as? Int == 2)
        let empty = ExampleService(source: PolicySource(description: "broken", fingerprint: { "x" },
                                                        load: { () throws(ReloadError) in throw ReloadError("broken") }))
        let notReady = empty.send("GET", "/readyz")
        #expect(notReady.status == 503)
        #expect(notReady.header("Content-Type") == "application/problem+json")
        #expect(notReady.object["type"] as? String == "urn:tollgate:problem:not-ready")
    }

    @Test func appsListsEveryAppWithItsPolicyHash() {
        let apps = service.send("GET", "/v1/apps").object["apps"] as? [[String: Any]] ?? []
        #expect(apps.compactMap { $0["app"] as? String } == ["lingualeap", "photocollage"])
        #expect(apps.allSatisfy { ($0["policy"] as? String)?.hasPrefix("sha256:") == true })
    }

    @Test func bundleHasAnETagAndAnswers304WhenUnchanged() throws {
        let bundle = service.send("GET", "/v1/apps/photocollage/bundle")
        #expect(bundle.status == 200)
        let etag = try #require(bundle.header("ETag"))
        #expect(etag.hasPrefix("\"sha256:"))
        #expect(bundle.header("Cache-Control") == "no-cache")
        #expect(bundle.object["app"] as? String == "photocollage")
        let again = service.send("GET", "/v1/apps/photocollage/bundle", headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(service.send("GET", "/v1/apps/photocollage/bundle", headers: ["If-None-Match": "\"other\""]).status == 200)
    }

    @Test func evaluateAnswersSection5() {
        let answer = service.send("POST", "/v1/apps/photocollage/evaluate", json: Self.premiumUser)
        #expect(answer.status == 200)
        let features = answer.object["features"] as? [String: Bool]
        #expect(features?["cloud-sync"] == true)
        #expect((answer.object["ads"] as? [String: Any])?["enabled"] as? Bool == false)
    }

    /// The same answer everywhere: the service sends exactly the bytes an app gets from `Decision.json()`.
    @Test(arguments: [
        Self.premiumUser,
        #"{"entitlements":[{"product":"com.example.photocollage.premium.monthly","state":"billing_retry","#
            + #""expires":"2026-12-01T00:00:00Z"},{"product":"com.example.unknown","state":"active"}],"#
            + #""synced":false,"consent":"denied","now":"2026-11-29T12:00:00Z","currency":"USD"}"#,
    ])
    func evaluateSendsTheLibrarysBytes(_ input: String) throws {
        let app = try #require(try ExampleService.releases().first { $0.compiled.app == "photocollage" })
        let answer = service.send("POST", "/v1/apps/photocollage/evaluate", json: input)
        #expect(answer.status == 200, "\(answer.text)")
        let decision = Evaluator(policy: app.compiled).evaluate(try EvaluationInput(json: Data(input.utf8)), now: ExampleService.requestTime)
        #expect(answer.body == decision.json(), "\(answer.text)")
    }

    @Test func malformedJSONIsA400NamingThePosition() {
        let answer = service.send("POST", "/v1/apps/photocollage/evaluate", json: "{\n  \"synced\": tru }")
        #expect(answer.status == 400)
        #expect(answer.object["type"] as? String == "urn:tollgate:problem:invalid-json")
        #expect((answer.object["detail"] as? String)?.contains("line 2, column") == true, "\(answer.text)")
        let badValue = service.send("POST", "/v1/apps/photocollage/evaluate",
                                    json: #"{ "entitlements": [{ "product": "x", "state": "owned" }] }"#)
        #expect(badValue.status == 400)
        #expect(badValue.object["type"] as? String == "urn:tollgate:problem:invalid-input")
    }

    /// The JSON limits hold on every route that reads JSON: nesting, duplicate names, UTF-8.
    @Test(arguments: ["/v1/apps/photocollage/evaluate", "/ofrep/v1/evaluate/flags", "/v1/apps/photocollage/paywalls/main/render",
                      "/v1/apps/photocollage/placements/onboarding/resolve",
                      "/v1/apps/photocollage/placements/onboarding/paywall"])
    func jsonLimitsAre400sNamingThePlace(_ path: String) {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let cases = [
            ("{\"context\": " + deep + "}", "line 1, column 76: nesting deeper than 64 lists and objects"),
            (#"{"synced": true, "synced": false}"#, "line 1, column 18: duplicate member 'synced'"),
        ]
        for (body, detail) in cases {
            let answer = service.send("POST", path, json: body)
            #expect(answer.status == 400, "\(path): \(answer.text)")
            let text = answer.text
            #expect(text.contains(detail), "\(path): \(text)")
        }
    }

    @Test func unknownAppsRoutesAndPaywallsAre404() {
        let app = service.send("POST", "/v1/apps/nope/evaluate", json: "{}")
        #expect(app.status == 404)
        #expect((app.object["detail"] as? String)?.contains("lingualeap, photocollage") == true)
        #expect(service.send("GET", "/v2/things").status == 404)
        let paywall = service.send("POST", "/v1/apps/photocollage/paywalls/mian/render",
                                   json: #"{ "currency": "USD", "prices": {} }"#)
        #expect(paywall.status == 404)
        #expect((paywall.object["detail"] as? String)?.contains("did you mean 'main'?") == true)
    }

    @Test func wrongMethodIs405WithAllow() {
        let answer = service.send("GET", "/v1/apps/photocollage/evaluate")
        #expect(answer.status == 405)
        #expect(answer.header("Allow") == "POST")
        #expect(answer.header("Content-Type") == "application/problem+json")
    }

    @Test func oversizedBodiesAre413AndOtherMediaTypes415() {
        let large = service.router.respond(to: HTTPRequest(
            method: "POST", path: "/v1/apps/photocollage/evaluate", headers: ["Content-Type": "application/json"],
            body: [], bodyTooLarge: true))
        #expect(large.status == 413)
        let form = service.send("POST", "/v1/apps/photocollage/evaluate", json: "{}",
                                headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(form.status == 415)
        let charset = service.send("POST", "/v1/apps/photocollage/evaluate", json: "{}",
                                   headers: ["Content-Type": "application/json; charset=utf-8"])
        #expect(charset.status == 200)
    }

    @Test func renderTakesPricesAndALocale() {
        let body = #"""
            { "locale": "ko-KR", "storefront": "KOR", "currency": "KRW",
              "prices": { "com.example.photocollage.premium.yearly": "39000", "com.example.photocollage.premium.monthly": "4900" },
              "intro_eligible": { "premium": true } }
            """#
        let answer = service.send("POST", "/v1/apps/photocollage/paywalls/main/render", json: body)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.object["locale"] as? String == "ko")
        #expect(answer.object["requested_locale"] as? String == "ko-KR")
        let products = answer.object["products"] as? [[String: Any]] ?? []
        #expect(products.first?["price"] as? String == "₩39,000 / 1년")
        let removeAds = products.first { $0["id"] as? String == "com.example.photocollage.removeads" }
        #expect(removeAds?["purchasable"] as? Bool == false)
        let badPrice = service.send("POST", "/v1/apps/photocollage/paywalls/main/render",
                                    json: #"{ "currency": "KRW", "prices": { "x": "3,900" } }"#)
        #expect(badPrice.status == 400)
        #expect((badPrice.object["errors"] as? [String])?.first?.hasPrefix("1:") == true, "\(badPrice.text)")
        let badCurrency = service.send("POST", "/v1/apps/photocollage/paywalls/main/render",
                                       json: #"{ "currency": "XYZ", "prices": {} }"#)
        #expect(badCurrency.status == 400)
    }

    /// An amount with more decimals than its currency has is refused where it is written, never rounded.
    @Test(arguments: [
        (#"{ "currency": "USD", "prices": { "com.example.photocollage.removeads": "1.005" } }"#,
         "1:72: the price of 'com.example.photocollage.removeads' in prices, '1.005', has 3 decimal places; "
            + "USD has at most 2 decimal places"),
        (#"{ "currency": "CLP", "prices": { "com.example.photocollage.removeads": "2990.5" } }"#,
         "1:72: the price of 'com.example.photocollage.removeads' in prices, '2990.5', has 1 decimal place; "
            + "CLP has no decimal places"),
    ])
    func renderRefusesPricesBeyondTheCurrencysDigits(_ body: String, _ error: String) {
        let answer = service.send("POST", "/v1/apps/photocollage/paywalls/main/render", json: body)
        #expect(answer.status == 400)
        #expect(answer.object["errors"] as? [String] == [error], "\(answer.text)")
    }

    @Test func previewIsAnHTMLPageWithReferencePrices() {
        let page = service.send("GET", "/v1/apps/lingualeap/paywalls/main/preview", query: ["locale": "ar"])
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains(#"<html lang="ar" dir="rtl">"#))
    }

    @Test func metricsCountRequestsLatencyPoliciesAndReloads() {
        _ = service.send("GET", "/healthz")
        _ = service.send("GET", "/v1/apps/photocollage/evaluate")
        let text = service.send("GET", "/metrics").text
        #expect(text.contains(#"tollgate_requests_total{route="/healthz",status="200"} 1"#))
        #expect(text.contains(#"tollgate_requests_total{route="/v1/apps/{app}/evaluate",status="405"} 1"#))
        #expect(text.contains(#"tollgate_request_duration_seconds_bucket{route="/healthz",le="+Inf"} 1"#))
        #expect(text.contains(#"tollgate_policy_info{app="photocollage",policy="sha256:"#))
        #expect(text.contains(#"tollgate_reloads_total{result="success"} 1"#))
    }

    @Test func logLinesAreJSONWhateverTheRequestHolds() throws {
        _ = service.router.respond(to: HTTPRequest(method: "GE\"T\\\n\u{1}", path: "/nowhere"))
        let line = try #require(service.log.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["method"] as? String == "GE\"T\\\n\u{1}")
        #expect(object["route"] as? String == "unmatched" && object["status"] as? Int == 404)
    }

    @Test func oneLogLinePerRequestWithoutBodies() {
        _ = service.send("POST", "/v1/apps/photocollage/evaluate", json: Self.premiumUser)
        let line = service.log.last ?? ""
        #expect(line.contains(#""method":"POST""#) && line.contains(#""route":"/v1/apps/{app}/evaluate""#))
        #expect(line.contains(#""status":200"#) && line.contains(#""duration_ms":"#))
        #expect(!line.contains("premium.yearly"))
    }
}
