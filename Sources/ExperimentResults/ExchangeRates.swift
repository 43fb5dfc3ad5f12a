package import Diagnostics
import PolicyModel
import YAML

/// Exchange rates for revenue in one currency: `{base: USD, rates: {EUR: 0.92, JPY: 151.3}}`, units of each
/// currency per unit of the base.
package struct ExchangeRates: Hashable, Sendable {
    package var base: String
    /// Units per unit of `base`, by currency; the base itself is 1 whether listed or not.
    package var rates: [String: Double]

    /// The most currencies a rates file may list.
    package static let maxRates = 1_000

    package init(base: String, rates: [String: Double]) {
        self.base = base
        self.rates = rates
        self.rates[base] = 1
    }

    /// By currency, what one unit is worth in `currency`: every listed currency, when `currency` is listed.
    package func factors(into currency: String) throws(ResultsError) -> [String: Double] {
        guard let target = rates[currency] else { throw .currencyNotInRates(currency: currency, base: base) }
        return rates.mapValues { target / $0 }
    }

    /// The rates in the YAML `bytes` of `file`, or every mistake, with its line and column.
    package static func read(_ bytes: [UInt8], file: String) -> Result<ExchangeRates, RatesFileError> {
        let document = YAMLParser.parse(bytes, file: file)
        guard document.diagnostics.isEmpty else { return .failure(RatesFileError(diagnostics: document.diagnostics)) }
        var mistakes: [Diagnostic] = []
        func mistake(_ message: String, at span: SourceSpan) {
            mistakes.append(Diagnostic(rule: rule, severity: .error, message: message, span: span,
                                       help: "write the file as {base: USD, rates: {EUR: 0.92, JPY: 151.3}}"))
        }
        guard let tape = document.tape, let root = document.root else {
            mistake("the rates file is empty", at: .wholeFile(file))
            return .failure(RatesFileError(diagnostics: mistakes))
        }
        guard case .mapping(let pairs) = tape.content(root) else {
            mistake("the rates file must be a mapping with base and rates", at: tape.span(root))
            return .failure(RatesFileError(diagnostics: mistakes))
        }
        var base: String?
        var rates: [String: Double] = [:]
        var sawRates = false
        for (key, value) in pairs {
            switch tape.scalar(key) {
            case "base":
                if let code = tape.scalar(value), CurrencyCode.isWellFormed(code) {
                    base = code
                } else {
                    mistake("base must be an ISO 4217 code such as USD", at: tape.span(value))
                }
            case "rates":
                sawRates = true
                guard case .mapping(let entries) = tape.content(value) else {
                    mistake("rates must be a mapping of currency codes to rates", at: tape.span(value))
                    continue
                }
                if entries.count > maxRates {
                    mistake("\(entries.count) rates; a rates file lists at most \(maxRates)", at: tape.span(value))
                    continue
                }
                for (code, rate) in entries {
                    guard let name = tape.scalar(code), CurrencyCode.isWellFormed(name) else {
                        mistake("'\((tape.scalar(code) ?? "").prefix(64))' is not an ISO 4217 code such as EUR",
                                at: tape.span(code))
                        continue
                    }
                    guard let text = tape.scalar(rate), let number = Double(text), number.isFinite, number > 0 else {
                        mistake("the rate of \(name) must be a number above 0 (units of \(name) per unit of the base)",
                                at: tape.span(rate))
                        continue
                    }
                    rates[name] = number
                }
            default:
                mistake("unknown key '\((tape.scalar(key) ?? "").prefix(64))'; a rates file has base and rates",
                        at: tape.span(key))
            }
        }
        if base == nil, !mistakes.contains(where: { $0.message.hasPrefix("base") }) {
            mistake("the rates file has no base currency", at: tape.span(root))
        }
        if !sawRates { mistake("the rates file has no rates", at: tape.span(root)) }
        if let base, let listed = rates[base], listed != 1 {
            mistake("the base \(base) is listed at \(listed); the base's rate is 1", at: tape.span(root))
        }
        guard mistakes.isEmpty, let base else { return .failure(RatesFileError(diagnostics: mistakes)) }
        return .success(ExchangeRates(base: base, rates: rates))
    }

    /// The rule the rates file's mistakes are reported under.
    static let rule = "rates-file"
}

/// The mistakes of a rates file, each with its place.
package struct RatesFileError: Error, Hashable, Sendable {
    package var diagnostics: [Diagnostic]
}
