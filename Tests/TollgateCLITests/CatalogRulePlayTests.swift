import Foundation
import TestSupport
import Testing
import TollgateCLI

/// A Google Play subscription catalog against a policy that names base plans as `<productId>:<basePlanId>`.
@Suite struct CatalogRulePlayTests {
    static let folder = Fixtures.path("rules/catalog-missing-product/play")

    /// The catalog rules' findings with their notes and help (other rules' findings are left out).
    static func catalogFindings(_ arguments: [String]) -> [String] {
        let result = Tollgate.run(arguments, context: CommandContext(currentDirectory: folder))
        var findings: [String] = []
        var inCatalogFinding = false
        for line in result.stderr.split(separator: "\n").map(String.init) {
            if !line.hasPrefix("  ") { inCatalogFinding = line.contains("[catalog-") || line.contains("[storekit-") }
            if inCatalogFinding { findings.append(line) }
        }
        return findings
    }

    @Test("base plans are matched by '<productId>:<basePlanId>'; one the catalog lacks is missing")
    func basePlans() {
        let findings = Self.catalogFindings(["validate", "--catalog", "play-subscriptions.json"])
        #expect(findings == [
            "Policies/demo.yaml:31:9: error: product 'premium:weekly' is not in the Google Play subscription list "
                + "'play-subscriptions.json' [catalog-missing-product]",
            "  note: 'premium:monthly' listed at play-subscriptions.json:8:25",
            "  help: subscription 'premium' has the base plan(s) 'monthly' and 'yearly' on Google Play: add the base "
                + "plan 'weekly', or name one of those",
        ])
        #expect(Self.catalogFindings(["catalog", "check", "--app", "demo", "play-subscriptions.json"]) == findings)
    }
}
