import Diagnostics
import PolicyModel
import MessageFormat
import TollgateEvaluation

/// Every template message must be valid ICU MessageFormat.
struct TemplateMessageSyntaxRule: Rule {
    static let id = "template-message-syntax"
    static let severity = Severity.error
    static let category = "templates"
    static let summary = "a template message is not valid ICU MessageFormat"
    static let explanation = """
        Template messages are ICU MessageFormat, the format translation platforms use: variables in braces \
        ('{price}'), plurals ('{period_count, plural, one {# month} other {# months}}') and literal braces \
        or apostrophes quoted with apostrophes ('it''s', "'{'"). A message that does not parse cannot be \
        rendered. The finding names the problem and points at it in the file; fix the text there.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for set in app.templates {
            set.forEachMessageSite { site in
                guard !site.message.parses, case .failure(let error) = site.message.pattern else { return }
                let related = error.note.map { note in
                    [Diagnostic.Related(span: site.message.span(of: note.range), message: note.message)]
                } ?? []
                findings.append(finding("\(site.place) is not valid MessageFormat: \(error.message)",
                                        at: site.message.span(of: error.range), help: error.help, related: related))
            }
        }
        return findings
    }
}
