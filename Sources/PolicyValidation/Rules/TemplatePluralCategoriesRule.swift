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
        var findings: [Diagnostic] = []
        for templates in app.templates {
            let locale = templates.locale.value
            guard let required = categories(locale) else { continue }
            templates.forEachMessageSite(paywallsOnly: true) { site in
                guard site.message.hasChoices, case .success(let pattern) = site.message.pattern else { return }
                for plural in pattern.cardinalPlurals {
                    let present = Set(plural.cases.compactMap { plural -> String? in
                        if case .keyword(let keyword) = plural.selector { return keyword }
                        return nil
                    })
                    guard present.count > 1 else { continue }
                    let missing = PluralCategory.names.filter { required.contains($0) && !present.contains($0) }
                    guard !missing.isEmpty else { continue }
                    let all = PluralCategory.names.filter(required.contains).joined(separator: ", ")
                    findings.append(finding(
                        "plural '{\(plural.name)}' in \(site.place) has no \(missing.map { "'\($0)'" }.joinedAsProse("or")) "
                            + "case; '\(locale)' uses \(all)",
                        at: site.message.span(of: plural.range),
                        help: "add \(missing.map { "'\($0) {…}'" }.joinedAsProse())"))
                }
            }
        }
        return findings
    }
}

extension MessagePattern {
    /// Every cardinal plural argument in the message, nested ones included, each before those it holds.
    var cardinalPlurals: [PluralArgument] {
        var plurals: [PluralArgument] = []
        collectCardinalPlurals(into: &plurals)
        return plurals
    }

    private func collectCardinalPlurals(into plurals: inout [PluralArgument]) {
        for part in parts {
            switch part {
            case .plural(let plural):
                if !plural.ordinal { plurals.append(plural) }
                for pluralCase in plural.cases { pluralCase.message.collectCardinalPlurals(into: &plurals) }
            case .select(let select):
                for selectCase in select.cases { selectCase.message.collectCardinalPlurals(into: &plurals) }
            case .text, .argument, .pound:
                continue
            }
        }
    }
}
