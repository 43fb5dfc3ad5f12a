@testable import Server
import Testing

/// Route patterns match a path's bytes as splitting the path into strings would.
@Suite struct RoutePatternTests {
    /// What matching meant before patterns were matched on bytes: split both, compare segment strings.
    static func splitMatch(_ pattern: String, _ path: String) -> [String: String]? {
        let parts = pattern.split(separator: "/"), segments = path.split(separator: "/")
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(parts, segments) {
            if part.first == "{" {
                parameters[String(part.dropFirst().dropLast())] = String(segment)
            } else if part != segment {
                return nil
            }
        }
        return parameters
    }

    static let paths = [
        "/", "", "//", "/healthz", "/healthz/", "//healthz", "/healthz/x", "/v1/apps", "/v1/apps/photocollage/bundle",
        "/v1//apps/photocollage/evaluate/", "/v1/apps/photo collage/evaluate", "/v1/apps/%41/evaluate",
        "/v1/apps/café/evaluate", "/v1/apps/x/paywalls/p/render", "/v1/apps/x/paywalls//render",
        "/v1/apps/x/placements/home/resolve", "/ofrep/v1/evaluate/flags", "/ofrep/v1/evaluate/flags/a.b",
        "/v1/admin/history", "/V1/apps/x/bundle", "/v1/apps/x/bundl", "/v1/apps/x/bundlee",
        "/v1/apps/x/\u{301}bundle", "/v1/apps/x/bundle\u{301}", "/v1/apps/x/\u{301}/bundle", "/v1/\u{212A}/x",
    ]

    @Test func everyRouteMatchesEveryPathAsSplittingDoes() {
        let patterns = Router.endpoints.map(\.pattern) + [Router.bundleRoute]
        for pattern in patterns {
            for path in Self.paths {
                #expect(RoutePattern(pattern).match(path) == Self.splitMatch(pattern, path), "\(pattern) \(path)")
            }
        }
    }

    @Test func parametersAreTheirSegments() {
        #expect(RoutePattern("/v1/apps/{app}/paywalls/{paywall}/render").match("/v1/apps/a b/paywalls/p%/render")
            == ["app": "a b", "paywall": "p%"])
        #expect(RoutePattern("/v1/apps/{app}/bundle").match("/v1/apps/ü/bundle") == ["app": "ü"])
    }
}
