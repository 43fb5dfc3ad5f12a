import Diagnostics
import Testing

/// A misspelt word, the names it might mean, and the suggestion expected.
struct SuggestionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var word: String
    var candidates: [String]
    var expected: String?

    var testDescription: String { name }
}

@Suite("Did-you-mean suggestions")
struct SuggestionTests {
    static let tiers = ["free", "remove-ads", "premium", "plan"]

    static let cases = [
        SuggestionCase(name: "missing letter", word: "remove-ad", candidates: tiers, expected: "remove-ads"),
        SuggestionCase(name: "typo", word: "premum", candidates: tiers, expected: "premium"),
        SuggestionCase(name: "adjacent swap counts once", word: "paln", candidates: tiers, expected: "plan"),
        SuggestionCase(name: "case only", word: "Premium", candidates: tiers, expected: "premium"),
        SuggestionCase(name: "too far", word: "gold", candidates: tiers, expected: nil),
        SuggestionCase(name: "too far for a short word", word: "fare", candidates: ["free"], expected: nil),
        SuggestionCase(name: "the word itself", word: "free", candidates: ["free"], expected: nil),
        SuggestionCase(name: "no candidates", word: "free", candidates: [], expected: nil),
        SuggestionCase(name: "closest wins", word: "plam", candidates: ["plan", "plain"], expected: "plan"),
        SuggestionCase(name: "non-ASCII", word: "가격표", candidates: ["가격", "가게"], expected: "가격"),
    ]

    @Test(arguments: cases)
    func closest(_ example: SuggestionCase) {
        #expect(Suggestion.closest(to: example.word, in: example.candidates) == example.expected)
    }

    @Test func didYouMeanQuotesTheSuggestion() {
        #expect(Suggestion.didYouMean("premum", in: Self.tiers) == "did you mean 'premium'?")
        #expect(Suggestion.didYouMean("gold", in: Self.tiers) == nil)
    }
}
