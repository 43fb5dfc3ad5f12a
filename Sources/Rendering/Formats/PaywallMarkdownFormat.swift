import Diagnostics

/// The paywall as Markdown, for pull requests and docs: a heading, a section per product, the links.
package struct PaywallMarkdownFormat: Sendable {
    package init() {}

    package func render(_ page: RenderedPaywall) -> String {
        var blocks: [String] = []
        if let title = page.title { blocks.append("# " + title.markdownInline) }
        if let subtitle = page.subtitle { blocks.append(subtitle.markdownInline) }
        for product in page.products {
            var lines = ["## " + (product.highlighted ? "★ " : "") + product.title.markdownInline]
            lines.append(product.purchasable ? "**\(product.price.markdownInline)**" : "_\(product.price.markdownInline)_")
            lines += [product.trial, product.intro].compactMap { $0.map(\.markdownInline) }
            if let badge = product.badge { lines.append("_\(badge.markdownInline)_") }
            blocks.append(lines.joined(separator: "  \n"))
        }
        blocks += page.disclosure.map { "> " + $0.markdownInline }
        let links = [page.terms, page.privacy].map { link in
            link.url.map { "[\(link.text.markdownInline)](\($0))" } ?? link.text.markdownInline
        }
        blocks.append(([page.restore.markdownInline] + links).joined(separator: " · "))
        let meta = "<!-- \(page.app) · \(page.paywall) · \(page.locale) (\(page.direction)) · \(page.currency) -->"
        return ([meta] + blocks).joined(separator: "\n\n") + "\n"
    }
}
