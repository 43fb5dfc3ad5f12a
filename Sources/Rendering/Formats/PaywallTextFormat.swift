/// The paywall as a person reads it: title, one block per product, disclosures and links.
package struct PaywallTextFormat: Sendable {
    package init() {}

    package func render(_ page: RenderedPaywall) -> String {
        var lines: [String] = []
        lines += [page.title, page.subtitle].compactMap { $0 }
        for product in page.products {
            lines.append("")
            lines.append((product.highlighted ? "★ " : "") + product.title)
            lines.append("  " + product.price + (product.purchasable ? "" : "  (not purchasable)"))
            lines += [product.trial, product.intro, product.badge].compactMap { $0.map { "  " + $0 } }
        }
        if !page.disclosure.isEmpty { lines.append("") }
        lines += page.disclosure
        lines.append("")
        lines.append(page.restore)
        for link in [page.terms, page.privacy] {
            lines.append(link.text + (link.url.map { " <\($0)>" } ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
