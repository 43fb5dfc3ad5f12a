import Diagnostics
import PolicyModel
import Rendering

/// A paywall message of a template file: the paywall, the product-type section (nil for the paywall's own
/// keys), the key and the message.
struct PaywallMessage {
    var paywall: String
    var section: String?
    var key: String
    var message: TemplateMessage
}

extension TemplateSet {
    /// The paywall message whose text is written at `position`.
    func paywallMessage(at position: SourcePosition) -> PaywallMessage? {
        for paywall in paywalls {
            if let entry = paywall.entries.first(where: { $0.message.span.touches(position) }) {
                return PaywallMessage(paywall: paywall.id.value, section: nil, key: entry.key.value,
                                      message: entry.message)
            }
            for section in paywall.sections {
                if let entry = section.entries.first(where: { $0.message.span.touches(position) }) {
                    return PaywallMessage(paywall: paywall.id.value, section: section.name.value,
                                          key: entry.key.value, message: entry.message)
                }
            }
        }
        return nil
    }
}

extension EditorWorkspace {
    /// The paywall message at `position` of the template file at `path`, rendered in the file's locale with the
    /// policy's reference prices, every intro offer taken as available; the text and the reason when it does
    /// not render.
    func messageHover(sources: AppSources, path: String, at position: SourcePosition) -> Hover? {
        guard let set = sources.templates.first(where: { $0.file == path }),
              let found = set.paywallMessage(at: position) else { return nil }
        let head = "**message** `\(found.key)`" + (found.section.map { " of `\($0)`" } ?? "")
            + " in paywall `\(found.paywall)` (\(set.locale.value))"
        let text = "\n\n```\n\(found.message.text.value)\n```"
        switch Self.render(found, sources: sources, locale: set.locale.value) {
        case .success(let line):
            return Hover(markdown: head + " renders as:\n\n" + line.quotedMarkdown + text,
                         span: found.message.span)
        case .failure(let reason):
            return Hover(markdown: head + " does not render: \(reason)" + text, span: found.message.span)
        }
    }

    /// The rendered line of `found`, or why there is none.
    private static func render(_ found: PaywallMessage, sources: AppSources, locale: String)
        -> Result<String, RenderFailure> {
        let policy = sources.policy
        guard let currency = policy.referenceCurrency else { return .failure("the policy has no reference prices") }
        var prices = policy.referencePriceSheet(currency: currency)
        for group in policy.subscriptionGroups { prices.introEligible[group.id.value] = true }
        let page: RenderedPaywall
        do {
            page = try PaywallRenderer(sources: sources).render(paywall: found.paywall, locale: locale, prices: prices)
        } catch {
            return .failure(RenderFailure(error.description))
        }
        let line: String?
        if let section = found.section {
            // The first product of the section's type that shows the line: a trial only shows for a product
            // with one.
            line = page.products.filter { $0.type == section }.lazy.compactMap { product in
                switch found.key {
                case "price": product.price
                case "trial": product.trial
                case "intro": product.intro
                case "badge": product.badge
                default: nil
                }
            }.first
        } else {
            line = switch found.key {
            case "title": page.title
            case "subtitle": page.subtitle
            case "disclosure": page.disclosure.first
            case "restore": page.restore
            case "terms": page.terms.text
            case "privacy": page.privacy.text
            default: nil
            }
        }
        guard let line else {
            return .failure(RenderFailure(
                "no product of the paywall shows this line with the reference prices in \(currency)"))
        }
        return .success(line)
    }
}

/// Why a message did not render, in words.
struct RenderFailure: Error, ExpressibleByStringLiteral, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }

    init(stringLiteral value: String) {
        self.init(value)
    }
}

extension String {
    /// The text as a Markdown block quote, line by line.
    var quotedMarkdown: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n")
    }
}
