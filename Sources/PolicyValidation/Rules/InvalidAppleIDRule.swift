import Diagnostics
import PolicyModel

/// `app.apple_id` is App Store Connect's Apple ID of the app: a positive whole number, written without quotes.
struct InvalidAppleIDRule: Rule {
    static let id = "invalid-apple-id"
    static let severity = Severity.error
    static let category = "references"
    static let summary = "'app.apple_id' is not a positive whole number"
    static let explanation = """
        The Apple ID is the number App Store Connect shows under App Information (such as 1234567890), \
        and App Store notifications from Production carry it as 'appAppleId': Tollgate refuses those of \
        another Apple ID. Write it as a whole number without quotes, sign, decimal point or exponent; it \
        is greater than zero and fits in 64 bits. Leave 'apple_id' out if the app has none yet.
        """

    static let help = "copy the Apple ID from App Store Connect (App Information), or leave 'apple_id' out"

    func check(_ app: AppSources) -> [Diagnostic] {
        guard let appleID = app.policy.app.appleID, appleID.value.number == nil else { return [] }
        let text = appleID.value.text
        if appleID.value.isQuoted {
            return [finding("apple_id \"\(text)\" is quoted, which makes it a string; expected a whole number",
                            at: appleID.span, help: Self.isDigits(text) ? "write \(text), without quotes" : Self.help)]
        }
        if Self.isDigits(text), text.contains(where: { $0 != "0" }), text.first == "0" {
            return [finding("apple_id \(text) starts with 0; expected a whole number such as 1234567890",
                            at: appleID.span, help: "write \(text.drop { $0 == "0" })")]
        }
        return [finding("apple_id '\(text)' \(Self.problem(text)); expected a positive whole number such as "
                            + "1234567890", at: appleID.span, help: Self.help)]
    }

    /// What is wrong with unquoted `text` that is not an Apple ID, as the end of a sentence.
    private static func problem(_ text: String) -> String {
        if isDigits(text) { return text.allSatisfy { $0 == "0" } ? "is zero" : "does not fit in 64 bits" }
        if text.first == "-", isDigits(String(text.dropFirst())) { return "is negative" }
        return "is not a whole number"
    }

    /// Whether `text` is one or more ASCII digits.
    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }
}
