import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Product ids use only the characters both stores accept, fit the limit, and start the way Google Play needs when
/// Google Play sells them.
struct ProductIDFormatRule: Rule {
    static let id = "product-id-format"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a product id has characters the stores refuse, starts wrongly, or is too long"
    static let explanation = """
        App Store Connect and Google Play both accept product ids made of ASCII letters, digits, '.', '_' \
        and '-'; Google Play also needs the first character to be a lowercase letter or a digit, so that is \
        required only of products sold on Google Play (the app declares 'package_name' and the product's \
        'stores' does not leave Play out) and of products of an app that declares no store yet: an \
        App-Store-only product may be 'P2'. Ids are at most 100 characters. An id the store refuses cannot be created, and ids can never be changed or \
        reused once published, so fix it before the first release (reverse-DNS ids such as \
        'com.example.app.premium.monthly' work everywhere). A Google Play subscription's base plan is the \
        product '<productId>:<basePlanId>': Play's product id (lowercase letters, digits, '_' and '.', at \
        most 40 characters), a colon, and the base plan id (lowercase letters, digits and '-', at most 63 \
        characters, starting with a letter or digit). Only Google Play sells base plans, so such a product \
        says 'stores: [play]' when the app is also on the App Store.
        """

    static let maxLength = 100

    /// What a valid id looks like, for help lines.
    static let example = "'com.example.app.premium.monthly'"

    /// Whether the stores accept `id`, so that a finding may suggest it; Google Play's first character only when
    /// `onPlay`.
    static func isValid(_ id: String, onPlay: Bool = true) -> Bool {
        let scalars = id.unicodeScalars
        guard let first = scalars.first else { return false }
        return (!onPlay || isLowercaseOrDigit(first)) && scalars.count <= maxLength && scalars.allSatisfy(isAllowed)
    }

    /// Whether Google Play's rules apply to `product`: Play sells it, or the app declares no store, so nothing
    /// says where it will be sold.
    static func isOnPlay(_ product: Product, in policy: Policy) -> Bool {
        policy.declaredMarketplaces.isEmpty || policy.marketplaces(of: product).contains(.play)
    }

    /// The longest Google Play product id and base plan id.
    static let maxPlayProductLength = 40
    static let maxBasePlanLength = 63

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.products.flatMap { product in
            product.id.value.contains(":") ? checkBasePlan(product, in: app.policy)
                : check(product.id, onPlay: Self.isOnPlay(product, in: app.policy))
        }
    }

    /// A `<productId>:<basePlanId>` id: both parts as Google Play spells them, sold only on Google Play.
    private func checkBasePlan(_ product: Product, in policy: Policy) -> [Diagnostic] {
        let id = product.id
        let parts = id.value.split(separator: ":", omittingEmptySubsequences: false)
        let example = "'premium:monthly'"
        guard parts.count == 2 else {
            return [finding("product id '\(id.value)' has \(parts.count - 1) colons; a Google Play base plan is "
                                + "'<productId>:<basePlanId>', with one", at: id.span,
                            help: "write one colon between the subscription's product id and its base plan id, "
                                + "such as \(example)")]
        }
        var findings: [Diagnostic] = []
        let playID = parts[0].unicodeScalars
        if playID.count > Self.maxPlayProductLength || playID.first.map(Self.isLowercaseOrDigit) != true
            || !playID.allSatisfy({ Self.isLowercaseOrDigit($0) || $0 == "_" || $0 == "." }) {
            findings.append(finding("product id '\(parts[0])' of base plan '\(id.value)' is not a Google Play "
                                        + "product id: 1 to \(Self.maxPlayProductLength) lowercase letters, digits, "
                                        + "'_' and '.', starting with a letter or digit", at: id.span,
                                    help: "write the subscription's product id as Google Play has it, such as \(example)"))
        }
        let basePlan = parts[1].unicodeScalars
        if basePlan.count > Self.maxBasePlanLength || basePlan.first.map(Self.isLowercaseOrDigit) != true
            || !basePlan.allSatisfy({ Self.isLowercaseOrDigit($0) || $0 == "-" }) {
            findings.append(finding("base plan id '\(parts[1])' of '\(id.value)' is not a Google Play base plan id: "
                                        + "1 to \(Self.maxBasePlanLength) lowercase letters, digits and '-', starting "
                                        + "with a letter or digit", at: id.span,
                                    help: "write the base plan id as Google Play has it, such as \(example)"))
        }
        if policy.marketplaces(of: product).contains(.appStore) {
            findings.append(finding("product '\(id.value)' is a Google Play base plan, but the policy sells it on the "
                                        + "App Store too, which refuses ':' in product ids",
                                    at: product.stores?.first?.span ?? id.span,
                                    help: "add 'stores: [play]' to the product, and sell it on the App Store under "
                                        + "an id without ':'"))
        }
        return findings
    }

    private func check(_ id: Located<String>, onPlay: Bool) -> [Diagnostic] {
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
        if onPlay, Self.isAllowed(first), !Self.isLowercaseOrDigit(first) {
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
