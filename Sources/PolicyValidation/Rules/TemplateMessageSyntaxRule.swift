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
        rendered. The message names the problem and the character where it is; fix the text there.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.templates.flatMap(\.messageSites).compactMap { site in
            guard case .failure(let error) = site.message.pattern else { return nil }
            return finding("\(site.place) is not valid MessageFormat: \(error.message) (character \(error.offset + 1))",
                           at: site.message.span(of: error.offset..<(error.offset + 1)), help: error.help)
        }
    }
}
