import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// The subscriptions of one policy group are the subscriptions of one store group, and of no other.
struct CatalogGroupMismatchRule: CatalogRule {
    static let id = "catalog-group-mismatch"
    static let severity = Severity.error
    static let category = "catalog"
    static let summary = "a subscription is in another group"
    static let explanation = """
        A user holds at most one subscription of a store's subscription group at a time, and moves between its \
        levels by upgrading or downgrading; subscriptions of different groups are held side by side. The \
        policy's groups ('premium') and the store's (an id and a name such as 'Premium') are named \
        differently, so they are matched by their products: each policy group stands for the store group that \
        holds most of its auto-renewable subscriptions (on a tie, the store group of the first of them). A \
        subscription that the store puts in another group than its policy peers is a mismatch, and so are two \
        policy groups whose subscriptions are one store group: then the finding names the subscriptions whose \
        policy group differs from the rest of their store group (the group with most subscriptions there, on a \
        tie the first, is the rest). Either way the app would let users hold subscriptions the store treats as \
        one, or the other way round. Move the subscription to the right group in the store, or \
        change its 'group' in the policy.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        comparison.catalogs.indices.flatMap { index in
            comparison.catalogs[index].tells(.groups) ? check(comparison, catalog: index) : []
        }
    }

    private func check(_ comparison: CatalogComparison, catalog index: Int) -> [Diagnostic] {
        let catalog = comparison.catalogs[index]
        // The catalog's subscriptions with a group on both sides, by policy group, in catalog order.
        var members: [(group: String, matches: [CatalogComparison.Match])] = []
        let subscriptions = comparison.matches.filter {
            $0.catalogIndex == index && $0.product.type.value == .autoRenewable
        }
        for match in subscriptions {
            guard let group = match.product.group?.value, match.listed.group != nil else { continue }
            if let position = members.firstIndex(where: { $0.group == group }) {
                members[position].matches.append(match)
            } else {
                members.append((group, [match]))
            }
        }
        var findings: [Diagnostic] = []
        // The subscriptions in the store group their policy group stands for, by store group in first-seen order.
        var peers: [(storeGroup: String, members: [(group: String, match: CatalogComparison.Match)])] = []
        for (group, matches) in members {
            guard let chosen = Self.mostCommon(matches.compactMap { $0.listed.group?.value }) else { continue }
            for match in matches {
                guard let listed = match.listed.group, let span = match.product.group?.span else { continue }
                guard listed.value != chosen else {
                    if let position = peers.firstIndex(where: { $0.storeGroup == chosen }) {
                        peers[position].members.append((group, match))
                    } else {
                        peers.append((chosen, [(group, match)]))
                    }
                    continue
                }
                let storeGroup = name(listed.value, catalog)
                findings.append(finding(
                    "subscription '\(match.product.id.value)' is in store group \(storeGroup) in \(catalog.described), "
                        + "but the other subscriptions of group '\(group)' are in \(name(chosen, catalog))",
                    at: span,
                    help: "move it to \(name(chosen, catalog)) in the store, or give it the policy group of "
                        + "its store group",
                    related: [Diagnostic.Related(span: listed.span, message: "in store group \(storeGroup)")]))
            }
        }
        for (storeGroup, members) in peers {
            findings += shared(storeGroup, members, catalog)
        }
        return findings
    }

    /// The findings of a store group that stands for several policy groups: the subscriptions of every policy
    /// group but the one with most subscriptions there (on a tie, the first), each named with its own span.
    private func shared(_ storeGroup: String, _ members: [(group: String, match: CatalogComparison.Match)],
                        _ catalog: StoreCatalog) -> [Diagnostic] {
        let groups = members.map(\.group)
        guard Set(groups).count > 1, let owner = Self.mostCommon(groups) else { return [] }
        return members.compactMap { group, match in
            guard group != owner, let listed = match.listed.group, let span = match.product.group?.span else {
                return nil
            }
            return finding(
                "subscription '\(match.product.id.value)' of group '\(group)' is in store group "
                    + "\(name(storeGroup, catalog)) in \(catalog.described), "
                    + "with the subscriptions of group '\(owner)'",
                at: span,
                help: "make '\(owner)' and '\(group)' one policy group, or separate groups in the store",
                related: [Diagnostic.Related(span: listed.span,
                                             message: "in store group \(name(storeGroup, catalog))")])
        }
    }

    /// The value `values` hold most often, the first of those on a tie; nil when there is none.
    private static func mostCommon(_ values: [String]) -> String? {
        let counts = Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +)
        guard let most = counts.values.max() else { return nil }
        return values.first { counts[$0] == most }
    }

    /// A store group for messages: its name and id, or its id.
    private func name(_ id: String, _ catalog: StoreCatalog) -> String {
        guard let group = catalog.groups.first(where: { $0.id.value == id }), let name = group.name?.value,
              name != id else { return "'\(id)'" }
        return "'\(name)' (\(id))"
    }
}
