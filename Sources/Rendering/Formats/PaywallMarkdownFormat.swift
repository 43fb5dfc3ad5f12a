/// The paywall as Markdown, for pull requests and docs: a heading, a section per product, the links.
package struct PaywallMarkdownFormat: Sendable {
    package init() {}

    package func render(_ page: RenderedPaywall) -> String {
        var blocks: [String] = []
        if let title = page.title { blocks.append("# " + escape(title)) }
        if let subtitle = page.subtitle { blocks.append(escape(subtitle)) }
        for product in page.products {
            var lines = ["## " + (product.highlighted ? "★ " : "") + escape(product.title)]
            lines.append(product.purchasable ? "**\(escape(product.price))**" : "_\(escape(product.price))_")
            lines += [product.trial, product.intro].compactMap { $0.map(escape) }
            if let badge = product.badge { lines.append("_\(escape(badge))_") }
            blocks.append(lines.joined(separator: "  \n"))
        }
        blocks += page.disclosure.map { "> " + escape($0) }
        let links = [page.terms, page.privacy].map { link in
            link.url.map { "[\(escape(link.text))](\($0))" } ?? escape(link.text)
        }
        blocks.append(([escape(page.restore)] + links).joined(separator: " · "))
        let meta = "<!-- \(page.app) · \(page.paywall) · \(page.locale) (\(page.direction)) · \(page.currency) -->"
        return ([meta] + blocks).joined(separator: "\n\n") + "\n"
    }

    /// Backslash-escapes the characters Markdown would read as formatting.
    private func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
