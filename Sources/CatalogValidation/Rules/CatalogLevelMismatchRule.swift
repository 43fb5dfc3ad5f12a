import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// A subscription group's levels run in the store's order.
struct CatalogLevelMismatchRule: CatalogRule {
    static let id = "catalog-level-mismatch"
    static let severity = Severity.error
    static let category = "catalog"
    static let summary = "the group's level order differs from the policy's 'levels'"
    static let explanation = """
        The store ranks the subscriptions of a group by level ('groupNumber' in a .storekit file, 'groupLevel' \
        in App Store Connect), 1 the highest, and decides from it whether a change is an upgrade (at once, with \
        a refund of the rest of the period) or a downgrade (at the next renewal). The policy's 'levels' list \
        the same subscriptions from the highest down. Real catalogs often give several subscriptions the same \
        level, such as a monthly and a yearly plan of one service; equal levels are no order, so only a strict \
        inversion is a mismatch: a subscription the policy lists above another that the store ranks below it. \
        Only subscriptions of one store group are compared (another group is 'catalog-group-mismatch'), and \
        Google Play has no levels. Reorder 'levels' as the store ranks them, or change the levels in the store.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        comparison.catalogs.indices.flatMap { index -> [Diagnostic] in
            let catalog = comparison.catalogs[index]
            guard catalog.tells(.levels) else { return [] }
            let matches = comparison.matches(inCatalog: index)
            return comparison.policy.subscriptionGroups.flatMap { group -> [Diagnostic] in
                var seen: Set<String> = []
                let ranked = group.levels.compactMap { level -> (id: Located<String>, listed: CatalogProduct)? in
                    guard seen.insert(level.value).inserted, let listed = matches[level.value]?.listed,
                          listed.level != nil else { return nil }
                    return (level, listed)
                }
                return ranked.indices.compactMap { position in
                    let higher = ranked[position]
                    guard let above = higher.listed.level,
                          let lower = ranked[(position + 1)...].first(where: { lower in
                              lower.listed.group == higher.listed.group
                                  && (lower.listed.level?.value ?? .max) < above.value
                          }), let below = lower.listed.level else { return nil }
                    return finding(
                        "'\(higher.id.value)' is above '\(lower.id.value)' in the levels of group "
                            + "'\(group.id.value)', but \(catalog.described) ranks it below (level \(above.value) "
                            + "against \(below.value))",
                        at: higher.id.span,
                        help: "list '\(lower.id.value)' above '\(higher.id.value)' in 'levels', or change their "
                            + "levels in the store (1 is the highest)",
                        related: [.init(span: above.span, message: "level \(above.value) of '\(higher.id.value)'"),
                                  .init(span: below.span, message: "level \(below.value) of '\(lower.id.value)'")])
                }
            }
        }
    }
}
