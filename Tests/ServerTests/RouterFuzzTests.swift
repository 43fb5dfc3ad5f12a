import Foundation
import Server
import Testing
import TestSupport

/// One route that reads a JSON body, with a valid body to mutate.
struct FuzzRoute: Sendable, CustomTestStringConvertible {
    var path: String
    var body: String

    var testDescription: String { path }

    static let ofrepContext = #"{"context":{"app":"photocollage","targetingKey":"u","entitlements":["#
        + #""com.example.photocollage.premium.yearly",{"product":"x","state":"pending","#
        + #""expires":"2026-01-01T00:00:00Z"}],"synced":true,"consent":"granted","now":"2026-11-29T12:00:00Z"}}"#

    /// A placement's context with every key, without its closing brace.
    static let placementContext = #"{"entitlements":[{"product":"com.example.photocollage.removeads","state":"active"}],"#
        + #""now":"2026-11-29T12:00:00Z","user_id":"u-1","storefront":"JPN","locale":"ja-JP","platform":"ios","#
        + #""app_version":"2.4.1","install_date":"2026-11-25T08:00:00Z","attributes":{"sessions":12,"beta":false}"#

    static let all = [
        FuzzRoute(path: "/v1/apps/photocollage/evaluate", body: RouterTests.premiumUser),
        FuzzRoute(path: "/ofrep/v1/evaluate/flags/cloud-sync", body: ofrepContext),
        FuzzRoute(path: "/ofrep/v1/evaluate/flags", body: ofrepContext),
        FuzzRoute(path: "/v1/apps/photocollage/paywalls/main/render",
                  body: #"{"locale":"de","currency":"EUR","prices":{"com.example.photocollage.premium.yearly":"39.99"},"#
                      + #""intro_eligible":{"premium":true}}"#),
        FuzzRoute(path: "/v1/apps/photocollage/placements/onboarding/resolve", body: placementContext + "}"),
        FuzzRoute(path: "/v1/apps/photocollage/placements/onboarding/paywall",
                  body: placementContext + #","currency":"EUR","prices":{"com.example.photocollage.premium.yearly":"#
                      + #""39.99"},"intro_eligible":{"premium":true}}"#),
    ]
}

/// Seeded mutations of valid bodies: every answer is a JSON object with a 200 or a 4xx, never a crash or a 500.
@Suite struct RouterFuzzTests {
    let service = ExampleService()

    @Test(arguments: FuzzRoute.all)
    func mutatedBodiesGetWellFormedAnswers(_ route: FuzzRoute) throws {
        let alphabet = Array(#"{}[],:"\ -.0123456789eEtrufalsn/"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        var random = SplitMix64(seed: UInt64(route.path.utf8.count))
        var statuses: Set<Int> = []
        for _ in 0..<400 {
            var bytes = Array(route.body.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: index)
                default: bytes[index] = alphabet.randomElement(using: &random)!
                }
            }
            let answer = service.router.respond(to: HTTPRequest(
                method: "POST", path: route.path, headers: ["Content-Type": "application/json"], body: bytes))
            statuses.insert(answer.status)
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            #expect([200, 400, 404].contains(answer.status), "\(answer.status) for \(text)")
            let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
            #expect(object != nil, "not a JSON object for \(text)")
        }
        #expect(statuses.isSuperset(of: [200, 400]), "\(statuses)")
    }
}
