import Diagnostics
import PolicyModel

/// Each product id may be declared once.
struct DuplicateProductIDRule: Rule {
    static let id = "duplicate-product-id"
    static let severity = Severity.error
    static let category = "references"
    static let summary = "the same product id is declared twice under 'products:'"
    static let explanation = """
        A product id names one product in App Store Connect and Google Play. Two entries with the same id \
        disagree about what the purchase is and grants, and only one of them can be right. Remove the copy \
        or give it its own id.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        var first: [String: Located<String>] = [:]
        var findings: [Diagnostic] = []
        for product in app.policy.products {
            let id = product.id
            guard let earlier = first[id.value] else {
                first[id.value] = id
                continue
            }
            findings.append(finding("duplicate product id '\(id.value)'", at: id.span,
                                    help: "remove this entry or give it its own id",
                                    related: [.init(span: earlier.span, message: "'\(id.value)' first declared")]))
        }
        return findings
    }
}
