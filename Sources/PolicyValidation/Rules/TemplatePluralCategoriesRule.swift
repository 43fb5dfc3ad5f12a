import Diagnostics
import MessageFormat
import PolicyModel

/// The CLDR plural categories a locale uses (`one few many other` for Russian), or nil when unknown.
///
/// Validation does not hold plural data of its own: the command line passes ICU's.
package typealias PluralCategories = @Sendable (_ locale: String) -> Set<String>?

/// A plural with category cases must have a case for every category of the template's language.
struct TemplatePluralCategoriesRule: Rule {
    static let id = "template-plural-categories"
    static let severity = Severity.error
    static let category = "templates"
    static let summary = "a plural lacks a case for a plural category of the template's language"
    static let explanation = """
        Languages split numbers into different plural categories (CLDR): English has one and other, Russian \
        one, few, many and other (1 месяц, 2 месяца, 5 месяцев), Polish the same with different rules (21 is \
        'many' in Polish but 'one' in Russian), Arabic six, Japanese and Korean only other. A plural that \
        lists categories but not all of its language's picks 'other' for the rest, which reads wrong \
        ("5 месяца"). Add the missing cases; a plural with only 'other' and exact '=N' cases is left alone, \
        as a deliberate choice. The categories come from ICU's CLDR data.
        """

    /// Where the categories come from.
    let categories: PluralCategories

    func check(_ app: AppSources) -> [Diagnostic] {
        app.templates.flatMap { templates -> [Diagnostic] in
            let locale = templates.locale.value
            guard let required = categories(locale) else { return [] }
            return templates.paywallSites.flatMap { site -> [Diagnostic] in
                guard case .success(let pattern) = site.message.pattern else { return [] }
                return pattern.cardinalPlurals.compactMap { plural in
                    let present = Set(plural.cases.compactMap { plural -> String? in
                        if case .keyword(let keyword) = plural.selector { return keyword }
                        return nil
                    })
                    guard present.count > 1 else { return nil }
                    let order = ["zero", "one", "two", "few", "many", "other"]
                    let missing = order.filter { required.contains($0) && !present.contains($0) }
                    guard !missing.isEmpty else { return nil }
                    let all = order.filter(required.contains).joined(separator: ", ")
                    return finding(
                        "plural '{\(plural.name)}' in \(site.place) has no \(missing.map { "'\($0)'" }.joinedAsProse("or")) "
                            + "case; '\(locale)' uses \(all)",
                        at: site.message.span(of: plural.range),
                        help: "add \(missing.map { "'\($0) {…}'" }.joinedAsProse())")
                }
            }
        }
    }
}

extension MessagePattern {
    /// Every cardinal plural argument in the message, nested ones included.
    var cardinalPlurals: [PluralArgument] {
        parts.flatMap { part -> [PluralArgument] in
            switch part {
            case .plural(let plural):
                (plural.ordinal ? [] : [plural]) + plural.cases.flatMap(\.message.cardinalPlurals)
            case .select(let select): select.cases.flatMap(\.message.cardinalPlurals)
            case .text, .argument, .pound: []
            }
        }
    }
}
