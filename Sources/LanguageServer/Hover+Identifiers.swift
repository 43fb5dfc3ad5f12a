import Diagnostics
import PolicyModel
import TollgateEvaluation

extension Policy {
    /// One line of Markdown saying what the id of `kind` is and where it is declared, or that the policy does
    /// not declare it.
    func describe(_ kind: IdentifierKind, _ id: String) -> String {
        let head = "**\(kind.rawValue)** `\(id)`"
        guard let facts = facts(kind, id) else { return "\(head) — not declared in \(file)" }
        let place = declaration(kind, id).map { " — defined at \($0.span.place)" } ?? ""
        return head + (facts.isEmpty ? "" : " — " + facts.joined(separator: "; ")) + place
    }

    /// What the policy says of the id, in short phrases; nil when it declares no such id.
    private func facts(_ kind: IdentifierKind, _ id: String) -> [String]? {
        switch kind {
        case .tier: tier(id).map(tierFacts)
        case .product: product(id).map(productFacts)
        case .group: group(id).map { group in
                [group.title?.value, "levels " + list(group.levels.map(\.value))].compactMap(\.self)
            }
        case .feature: features.first { $0.id.value == id }.map { feature in
                [feature.title?.value, "unlocked by tier \(feature.tier.value)"].compactMap(\.self)
            }
        case .paywall: paywalls.first { $0.id.value == id }.map(paywallFacts)
        case .placement: placements.first { $0.id.value == id }.map { placement in
                [placement.title?.value, "audiences " + list(placement.audiences.map(\.id.value))]
                    .compactMap(\.self)
            }
        case .experiment: experiments.first { $0.id.value == id }.map { experiment in
                [experiment.title?.value, experiment.status.value.rawValue,
                 "variants " + list(experiment.variants.map { "\($0.id.value) (\($0.weight.value))" })]
                    .compactMap(\.self)
            }
        }
    }

    private func tierFacts(_ tier: Tier) -> [String] {
        let grantedBy = products.filter { $0.grants.contains { $0.value == tier.id.value } }.map(\.id.value)
        return [
            tier.title?.value,
            tier.adFree ? "ad-free" : nil,
            tier.includes.isEmpty ? nil : "includes " + list(tier.includes.map(\.value)),
            tier.id.value == Policy.freeTier ? "every user has it"
                : grantedBy.isEmpty ? "granted by no product" : "granted by " + list(grantedBy),
        ].compactMap(\.self)
    }

    private func productFacts(_ product: Product) -> [String] {
        let prices = product.referencePrices.map { "\($0.currency.value) \($0.amount.value)" }
        let offer = product.introOffer.map { offer in
            "intro offer " + [offer.type.value.rawValue, offer.period?.value].compactMap(\.self).joined(separator: " ")
        }
        return [
            product.referenceName?.value,
            product.type.value.rawValue,
            product.group.map { "group \($0.value)" },
            product.period.map { "period \($0.value)" },
            offer,
            prices.isEmpty ? nil : "prices " + list(prices),
            product.grants.isEmpty ? "grants no tier" : "grants " + list(product.grants.map(\.value)),
            product.credits.map { "credits \($0.amount.value) \($0.currency.value)" },
        ].compactMap(\.self)
    }

    private func paywallFacts(_ paywall: Paywall) -> [String] {
        let shownBy = placements.filter { placement in
            placement.audiences.contains { $0.outcome?.value == .paywall(paywall.id.value) }
        }.map(\.id.value)
        return [
            "products " + list(paywall.products.map(\.value)),
            paywall.highlight.map { "highlights \($0.value)" },
            shownBy.isEmpty ? nil : "shown by placements " + list(shownBy),
        ].compactMap(\.self)
    }

    private func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.joined(separator: ", ")
    }
}

extension SourceSpan {
    /// `file:line:column`, as findings name a place.
    var place: String { "\(file):\(start.line):\(start.column)" }
}
