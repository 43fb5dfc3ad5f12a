package import Store
package import TollgateEvaluation

/// Why a results report cannot be made, each case a mistake callers can name to the user.
package enum ResultsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The window is not an ISO 8601 duration of weeks, days, hours, minutes and seconds, or is too long.
    case invalidWindow(String)
    /// `from` or `to` is not an ISO 8601 time.
    case invalidTime(name: String, value: String)
    /// The currency is not three capital letters.
    case invalidCurrency(String)
    /// `from` is not before `to`.
    case emptyPeriod(from: Timestamp, to: Timestamp)
    /// The rates cannot convert into the report's currency.
    case currencyNotInRates(currency: String, base: String)
    /// The app's policy has no experiment of that id.
    case unknownExperiment(app: String, experiment: String, known: [String])
    /// The store could not be read.
    case store(StoreError)

    package var description: String {
        switch self {
        case .invalidWindow(let text):
            "window '\(text.prefix(64))' is not a duration such as P14D or PT72H (weeks, days, hours, minutes, "
                + "seconds; at most 3650 days)"
        case .invalidTime(let name, let value):
            "\(name) '\(value.prefix(64))' is not an ISO 8601 time such as 2026-12-01T00:00:00Z"
        case .invalidCurrency(let code): "currency '\(code.prefix(64))' is not an ISO 4217 code such as USD"
        case .emptyPeriod(let from, let to): "the period from \(from) to \(to) is empty: from must be before to"
        case .currencyNotInRates(let currency, let base):
            "the rates (base \(base)) have no rate for the report's currency \(currency)"
        case .unknownExperiment(let app, let experiment, let known):
            "app '\(app)' has no experiment '\(experiment.prefix(64))'"
                + (known.isEmpty ? "" : "; its experiments are " + known.joined(separator: ", "))
        case .store(let error): "the results cannot be read: \(error)"
        }
    }
}
