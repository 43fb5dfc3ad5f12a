import Foundation
import Server
import Testing
import Diagnostics
import TollgateEvaluation

/// The OpenFeature Remote Evaluation Protocol endpoints: flags, reasons, errors and ETags.
@Suite struct OFREPTests {
    let service = ExampleService()

    func flag(_ key: String, _ context: String) -> HTTPResponse {
        service.send("POST", "/ofrep/v1/evaluate/flags/\(key)", json: #"{ "context": \#(context) }"#)
    }

    static let premium = #"{ "targetingKey": "user-1", "app": "photocollage", "entitlements": ["com.example.photocollage.premium.yearly"], "synced": true, "consent": "granted" }"#
    static let free = #"{ "targetingKey": "user-2", "app": "photocollage", "entitlements": [], "synced": true, "consent": "granted" }"#

    @Test func aFeatureDecidedByEntitlementsIsATargetingMatch() {
        let on = flag("cloud-sync", Self.premium)
        #expect(on.status == 200)
        #expect(on.object["key"] as? String == "cloud-sync")
        #expect(on.object["value"] as? Bool == true)
        #expect(on.object["reason"] as? String == "TARGETING_MATCH")
        #expect(on.object["variant"] as? String == "on")
        #expect(((on.object["metadata"] as? [String: Any])?["policy"] as? String)?.hasPrefix("sha256:") == true)
        let off = flag("cloud-sync", Self.free)
        #expect(off.object["value"] as? Bool == false)
        #expect(off.object["variant"] as? String == "off")
    }

    @Test func aFeatureEveryoneHasIsStatic() {
        let basic = flag("collage.basic", Self.free)
        #expect(basic.object["value"] as? Bool == true)
        #expect(basic.object["reason"] as? String == "STATIC")
    }

    @Test func adPlacementsAreFlagsNamedAds() {
        #expect(flag("ads.banner.home", Self.free).object["value"] as? Bool == true)
        #expect(flag("ads.banner.home", Self.premium).object["value"] as? Bool == false)
        #expect(flag("ads.banner.home", Self.premium).object["reason"] as? String == "TARGETING_MATCH")
    }

    /// A placement is a string flag: the paywall id, the experiment's variant or else the audience, the
    /// decision's reason, and the audience, experiment and policy in the metadata.
    @Test func placementsAreStringFlagsWithTheDecision() throws {
        let split = flag("placement.onboarding", #"{ "targetingKey": "user-7", "app": "photocollage", "storefront": "JPN", "app_version": "2.4.1", "install_date": "2026-11-25T08:00:00Z", "now": "2026-11-29T12:00:00Z" }"#)
        #expect(split.status == 200, "\(split.text)")
        let app = try #require(try ExampleService.releases().first { $0.compiled.app == "photocollage" })
        let input = try EvaluationInput(json: Data(#"{ "user_id": "user-7", "storefront": "JPN", "app_version": "2.4.1", "install_date": "2026-11-25T08:00:00Z", "now": "2026-11-29T12:00:00Z" }"#.utf8))
        let decision = try #require(Evaluator(policy: app.compiled).resolve(placement: "onboarding", context: input,
                                                                            now: ExampleService.requestTime))
        #expect(decision.reason == .split && decision.audience == "japan-new")
        #expect(split.object["key"] as? String == "placement.onboarding")
        #expect(split.object["value"] as? String == decision.paywall ?? "")
        #expect(split.object["variant"] as? String == decision.variant)
        #expect(split.object["reason"] as? String == "SPLIT")
        #expect(split.object["metadata"] as? [String: String] == [
            "app": "photocollage", "policy": app.compiled.hash, "audience": "japan-new", "experiment": "onboarding-paywall",
        ])
        let nothing = flag("placement.settings", Self.premium)
        #expect(nothing.object["value"] as? String == "")
        #expect(nothing.object["variant"] as? String == "premium")
        #expect(nothing.object["reason"] as? String == "TARGETING_MATCH")
        #expect(nothing.object["metadata"] as? [String: String] == [
            "app": "photocollage", "policy": app.compiled.hash, "audience": "premium",
        ])
        let main = flag("placement.settings", Self.free)
        #expect(main.object["value"] as? String == "main" && main.object["variant"] as? String == "everyone")
    }

    /// `user_id` defaults to `targetingKey`, and the context's own `user_id` wins over it.
    @Test func theTargetingKeyIsTheUserIDUnlessTheContextHasOne() {
        let context = #"{ "targetingKey": "%@", %@"app": "photocollage", "storefront": "JPN", "app_version": "2.4.1", "install_date": "2026-11-25T08:00:00Z", "now": "2026-11-29T12:00:00Z" }"#
        let variants = (1...40).map { index in
            flag("placement.onboarding", String(format: context, "user-\(index)", "")).object["variant"] as? String
        }
        #expect(Set(variants) == ["paywall", "holdout"], "the targeting key buckets users: \(variants)")
        let byKey = (1...40).map { index in
            flag("placement.onboarding", String(format: context, "other", #""user_id": "user-\#(index)", "#))
                .object["variant"] as? String
        }
        #expect(byKey == variants, "user_id wins over targetingKey")
    }

    @Test func placementFlagsReadTheContextsAttributes() {
        let beta = flag("placement.onboarding", #"{ "targetingKey": "u", "app": "photocollage", "attributes": { "beta": true } }"#)
        #expect(beta.object["variant"] as? String == "beta-testers" && beta.object["value"] as? String == "")
        let bad = flag("placement.onboarding", #"{ "targetingKey": "u", "app": "photocollage", "attributes": { "beta": [true] } }"#)
        #expect(bad.status == 400 && bad.object["errorCode"] as? String == "INVALID_CONTEXT")
        #expect((bad.object["errorDetails"] as? String)?.contains("attributes.beta") == true, "\(bad.text)")
        let unknown = flag("placement.onbording", Self.free)
        #expect(unknown.status == 404 && unknown.object["errorCode"] as? String == "FLAG_NOT_FOUND")
    }

    @Test func entitlementObjectsAsInSection5AreAccepted() {
        let context = #"{ "targetingKey": "u", "app": "photocollage", "entitlements": [{ "product": "com.example.photocollage.premium.yearly", "state": "revoked" }] }"#
        #expect(flag("cloud-sync", context).object["value"] as? Bool == false)
    }

    @Test func unknownFlagsAre404FlagNotFound() {
        let answer = flag("cloud-sink", Self.premium)
        #expect(answer.status == 404)
        #expect(answer.object["errorCode"] as? String == "FLAG_NOT_FOUND")
        #expect(answer.object["errorDetails"] is String)
    }

    @Test func errorsUseTheProtocolsCodesWithDetails() {
        let parse = service.send("POST", "/ofrep/v1/evaluate/flags/cloud-sync", json: "{ nope")
        #expect(parse.status == 400 && parse.object["errorCode"] as? String == "PARSE_ERROR")
        #expect(parse.object["errorDetails"] is String)
        let noApp = service.send("POST", "/ofrep/v1/evaluate/flags/cloud-sync", json: "{}")
        #expect(noApp.status == 400 && noApp.object["errorCode"] as? String == "INVALID_CONTEXT")
        #expect((noApp.object["errorDetails"] as? String)?.contains("needs 'app'") == true)
        let badState = flag("cloud-sync", #"{ "targetingKey": "u", "app": "photocollage", "entitlements": [{ "product": "x", "state": "owned" }] }"#)
        #expect(badState.status == 400 && badState.object["errorCode"] as? String == "INVALID_CONTEXT")
        let emptyKey = flag("cloud-sync", #"{ "targetingKey": "", "app": "photocollage" }"#)
        #expect(emptyKey.status == 400 && emptyKey.object["errorCode"] as? String == "TARGETING_KEY_MISSING")
    }

    /// A request the router refuses before evaluating, on the single-flag route (keyed) and the bulk route.
    struct Refused: Sendable, CustomTestStringConvertible {
        var name: String
        var request: HTTPRequest
        var status = 400
        var errorCode = "PARSE_ERROR"
        var details: String

        var testDescription: String { name }

        static let flagPath = "/ofrep/v1/evaluate/flags/cloud-sync"
        static let bulkPath = "/ofrep/v1/evaluate/flags"
        static let body = Array(#"{ "context": \#(OFREPTests.premium) }"#.utf8)

        static let all: [Refused] = [flagPath, bulkPath].flatMap { path in [
            Refused(name: "text/plain on \(path)", request: HTTPRequest(
                method: "POST", path: path, headers: ["Content-Type": "text/plain"], body: body),
                details: "send the body as application/json, not text/plain"),
            Refused(name: "a body over the limit on \(path)", request: HTTPRequest(
                method: "POST", path: path, headers: ["Content-Type": "application/json"], body: [], bodyTooLarge: true),
                details: "the body is over the limit of 64 KiB"),
            Refused(name: "malformed JSON on \(path)", request: HTTPRequest(
                method: "POST", path: path, headers: ["Content-Type": "application/json"], body: Array("{ nope".utf8)),
                details: "bad JSON at line 1, column 3: expected a member name in double quotes, found 'n'"),
            Refused(name: "an empty body on \(path)", request: HTTPRequest(
                method: "POST", path: path, headers: ["Content-Type": "application/json"]),
                details: "the body is empty; send a JSON object"),
            Refused(name: "GET on \(path)", request: HTTPRequest(method: "GET", path: path), status: 405,
                    errorCode: "GENERAL",
                    details: "GET is not allowed on \(path == flagPath ? "/ofrep/v1/evaluate/flags/{key}" : path); use POST"),
        ] }
    }

    /// Every refusal is the protocol's error shape: `{key, errorCode, errorDetails}` on the single-flag route,
    /// `{errorCode, errorDetails}` on the bulk route, as JSON; never problem+json.
    @Test(arguments: Refused.all)
    func refusedRequestsAreOFREPErrors(_ refused: Refused) throws {
        let answer = service.router.respond(to: refused.request)
        #expect(answer.status == refused.status)
        #expect(answer.header("Content-Type") == "application/json")
        let expected: [String: String] = refused.request.path == Refused.flagPath
            ? ["key": "cloud-sync", "errorCode": refused.errorCode, "errorDetails": refused.details]
            : ["errorCode": refused.errorCode, "errorDetails": refused.details]
        #expect(answer.object as? [String: String] == expected)
        if refused.status == 405 { #expect(answer.header("Allow") == "POST") }
    }

    /// Through the socket: a declared length over the server's limit is answered before the body arrives, by the
    /// router, as an OFREP error.
    @Test func aDeclaredLengthOverTheLimitIsAParseErrorOverTheWire() async throws {
        let server = HTTPServer(responder: service.router, configuration: .init(port: 0, maxBodyBytes: 1000))
        try server.start()
        defer { server.shutdown() }
        let port = server.port
        let response = try await onThread {
            try RawConnection.exchange(port: port, RawConnection.request(
                "POST", "/ofrep/v1/evaluate/flags/cloud-sync",
                headers: ["Content-Type: application/json", "Content-Length: 5000000"]))
        }
        #expect(response.status == 400)
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String]
        #expect(object == ["key": "cloud-sync", "errorCode": "PARSE_ERROR",
                           "errorDetails": "the body is over the limit of 64 KiB"])
    }

    @Test func anEmptyBodyIsTolerated() {
        let onlyApp = ExampleService(source: PolicySource(description: "one", fingerprint: { "one" }, load: {
            () throws(ReloadError) in try ExampleService.releases().filter { $0.compiled.app == "photocollage" }
        }))
        let answer = onlyApp.send("POST", "/ofrep/v1/evaluate/flags/collage.basic", json: "{}")
        #expect(answer.status == 200)
        #expect(answer.object["value"] as? Bool == true)
    }

    @Test func bulkEvaluationListsEveryFlagWithAnETag() throws {
        let bulk = service.send("POST", "/ofrep/v1/evaluate/flags", json: #"{ "context": \#(Self.premium) }"#)
        #expect(bulk.status == 200)
        let flags = bulk.object["flags"] as? [[String: Any]] ?? []
        #expect(flags.count == 4 + 3 + 3)
        #expect(flags.contains { $0["key"] as? String == "ads.interstitial.export" })
        let onboarding = flags.first { $0["key"] as? String == "placement.onboarding" }
        #expect(onboarding?["value"] as? String == "" && onboarding?["variant"] as? String == "subscribers")
        let etag = try #require(bulk.header("ETag"))
        let again = service.send("POST", "/ofrep/v1/evaluate/flags", json: #"{ "context": \#(Self.premium) }"#,
                                 headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        let other = service.send("POST", "/ofrep/v1/evaluate/flags", json: #"{ "context": \#(Self.free) }"#,
                                 headers: ["If-None-Match": etag])
        #expect(other.status == 200)
        let bad = service.send("POST", "/ofrep/v1/evaluate/flags", json: "[")
        #expect(bad.status == 400 && bad.object["errorCode"] as? String == "PARSE_ERROR" && bad.object["key"] == nil)
    }
}
