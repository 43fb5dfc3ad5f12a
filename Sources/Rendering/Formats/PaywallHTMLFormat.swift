import Diagnostics

/// The paywall as a standalone, accessible HTML page with the locale's `lang` and `dir`, for previews.
package struct PaywallHTMLFormat: Sendable {
    package init() {}

    package func render(_ page: RenderedPaywall) -> String {
        var body: [String] = []
        if let title = page.title { body.append("<h1>\(title.markupEscaped)</h1>") }
        if let subtitle = page.subtitle { body.append("<p class=\"subtitle\">\(subtitle.markupEscaped)</p>") }
        body.append("<ul class=\"products\">")
        for product in page.products {
            body.append(productItem(product))
        }
        body.append("</ul>")
        for disclosure in page.disclosure {
            body.append("<p class=\"disclosure\">\(disclosure.markupEscaped)</p>")
        }
        body.append("<nav class=\"links\">")
        body.append("<button type=\"button\" class=\"restore\">\(page.restore.markupEscaped)</button>")
        for (link, role) in [(page.terms, "terms"), (page.privacy, "privacy")] {
            if let url = link.url {
                body.append("<a class=\"\(role)\" href=\"\(url.markupEscaped)\">\(link.text.markupEscaped)</a>")
            } else {
                body.append("<span class=\"\(role)\">\(link.text.markupEscaped)</span>")
            }
        }
        body.append("</nav>")
        return """
            <!DOCTYPE html>
            <html lang="\(page.locale.markupEscaped)" dir="\(page.direction)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="tollgate-paywall" content="\(page.app.markupEscaped)/\(page.paywall.markupEscaped) \(page.currency.markupEscaped)">
            <title>\((page.title ?? page.paywall).markupEscaped)</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <main>
            \(body.joined(separator: "\n"))
            </main>
            </body>
            </html>

            """
    }

    private func productItem(_ product: RenderedProduct) -> String {
        let id = "product-" + product.id.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        var lines = [
            "<li class=\"product\(product.highlighted ? " highlighted" : "")\" data-product=\"\(product.id.markupEscaped)\""
                + "\(product.highlighted ? " aria-current=\"true\"" : "") aria-labelledby=\"\(id)\">",
            "<h2 id=\"\(id)\">\(product.title.markupEscaped)</h2>",
        ]
        if let badge = product.badge { lines.append("<p class=\"badge\">\(badge.markupEscaped)</p>") }
        lines.append("<p class=\"price\">\(product.price.markupEscaped)</p>")
        lines += [("trial", product.trial), ("intro", product.intro)].compactMap { role, text in
            text.map { "<p class=\"\(role)\">\($0.markupEscaped)</p>" }
        }
        if product.purchasable {
            lines.append("<button type=\"button\" class=\"buy\" aria-describedby=\"\(id)\">\(product.price.markupEscaped)</button>")
        }
        lines.append("</li>")
        return lines.joined(separator: "\n")
    }

    private static let style = """
        body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f6;color:#1c1c1e}\
        main{max-width:28rem;margin:0 auto;padding:1.5rem}h1{font-size:1.5rem}\
        .products{list-style:none;padding:0}.product{background:#fff;border:2px solid #d1d1d6;\
        border-radius:12px;padding:1rem;margin:.75rem 0}.product.highlighted{border-color:#0a84ff}\
        .product h2{font-size:1.1rem;margin:0 0 .25rem}.price{font-size:1.1rem;font-weight:600;margin:.25rem 0}\
        .badge{display:inline-block;background:#0a84ff;color:#fff;border-radius:6px;padding:0 .4rem;margin:0}\
        .trial,.intro{margin:.25rem 0}button{font:inherit}.buy{width:100%;padding:.6rem}\
        .restore{background:none;border:1px solid #0a84ff;border-radius:6px;color:#0a84ff;padding:.4rem .8rem}\
        .disclosure{font-size:.8rem;color:#3a3a3c}.links{display:flex;gap:1rem;flex-wrap:wrap;align-items:center}
        """
}
