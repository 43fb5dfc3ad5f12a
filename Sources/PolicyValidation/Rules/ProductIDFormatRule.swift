import Diagnostics
import PolicyModel

/// Product ids use only the characters both stores accept, start the way Google Play needs, and fit the limit.
struct ProductIDFormatRule: Rule {
    static let id = "product-id-format"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a product id has characters the stores refuse, starts wrongly, or is too long"
    static let explanation = """
        App Store Connect and Google Play both accept product ids made of ASCII letters, digits, '.', '_' \
        and '-'; Google Play also needs the first character to be a lowercase letter or a digit. Ids are at \
        most 100 characters. An id the store refuses cannot be created, and ids can never be changed or \
        reused once published, so fix it before the first release (reverse-DNS ids such as \
        'com.example.app.premium.monthly' work everywhere).
        """

    static let maxLength = 100

    /// What a valid id looks like, for help lines.
    static let example = "'com.example.app.premium.monthly'"

    /// Whether the stores accept `id`, so that a finding may suggest it.
    static func isValid(_ id: String) -> Bool {
        let scalars = id.unicodeScalars
        guard let first = scalars.first else { return false }
        return isLowercaseOrDigit(first) && scalars.count <= maxLength && scalars.allSatisfy(isAllowed)
    }

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.products.flatMap { product in check(product.id) }
    }

    private func check(_ id: Located<String>) -> [Diagnostic] {
        let scalars = id.value.unicodeScalars
        guard let first = scalars.first else {
            return [finding("product id is empty", at: id.span, help: "write an id such as \(Self.example)")]
        }
        var findings: [Diagnostic] = []
        var refused: [Unicode.Scalar] = []
        for scalar in scalars where !Self.isAllowed(scalar) && !refused.contains(scalar) {
            refused.append(scalar)
        }
        if !refused.isEmpty {
            let list = refused.map { "'\($0.escaped(asASCII: false))'" }.joined(separator: ", ")
            findings.append(finding("product id '\(id.value)' contains \(list); expected only letters, digits, "
                                        + "'.', '_' and '-'", at: id.span,
                                    help: "write the id with ASCII letters, digits, '.', '_' and '-' only, such as "
                                        + Self.example))
        }
        if Self.isAllowed(first), !Self.isLowercaseOrDigit(first) {
            let lowered = id.value.prefix(1).lowercased() + id.value.dropFirst()
            findings.append(finding("product id '\(id.value)' starts with '\(first)'; Google Play needs a lowercase "
                                        + "letter or digit first", at: id.span,
                                    help: Self.isValid(lowered) ? "write '\(lowered)'"
                                        : "start the id with a lowercase letter or digit, such as \(Self.example)"))
        }
        if scalars.count > Self.maxLength {
            findings.append(finding("product id is \(scalars.count) characters long; the limit is \(Self.maxLength)",
                                    at: id.span, help: "shorten it to \(Self.maxLength) characters or fewer before it "
                                        + "is first published"))
        }
        return findings
    }

    private static func isLowercaseOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        isLowercaseOrDigit(scalar) || ("A"..."Z").contains(scalar) || scalar == "." || scalar == "_" || scalar == "-"
    }
}
