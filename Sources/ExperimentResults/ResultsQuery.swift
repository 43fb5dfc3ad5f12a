import PolicyModel
package import TollgateEvaluation

/// What a results report is asked for: the command's options and the route's parameters, checked.
package struct ResultsQuery: Hashable, Sendable {
    package var window: AttributionWindow
    /// The period's start (inclusive); nil is the experiment's first exposure.
    package var from: Timestamp?
    /// The period's end (exclusive); nil is now.
    package var to: Timestamp?
    /// The report's currency, ISO 4217.
    package var currency: String
    /// Whether intervals and p-values are always valid (sequential), however often the results are looked at.
    package var sequential: Bool

    package init(window: AttributionWindow = .standard, from: Timestamp? = nil, to: Timestamp? = nil,
                 currency: String = "USD", sequential: Bool = false) {
        self.window = window
        self.from = from
        self.to = to
        self.currency = currency
        self.sequential = sequential
    }

    /// The query the texts name (nil: the default), each checked; the first mistake is thrown.
    package init(window: String?, from: String?, to: String?, currency: String?,
                 sequential: Bool) throws(ResultsError) {
        self.init(sequential: sequential)
        if let window {
            guard let parsed = AttributionWindow(window) else { throw .invalidWindow(window) }
            self.window = parsed
        }
        if let from {
            guard let time = Timestamp(from) else { throw .invalidTime(name: "from", value: from) }
            self.from = time
        }
        if let to {
            guard let time = Timestamp(to) else { throw .invalidTime(name: "to", value: to) }
            self.to = time
        }
        if let currency {
            guard CurrencyCode.isWellFormed(currency) else { throw .invalidCurrency(currency) }
            self.currency = currency
        }
        if let start = self.from, let end = self.to, start >= end {
            throw .emptyPeriod(from: start, to: end)
        }
    }
}
