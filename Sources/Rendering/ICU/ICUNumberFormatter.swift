import CICU

/// An ICU number formatter for one skeleton and locale; formatting is thread-safe.
final class ICUNumberFormatter: Sendable {
    nonisolated(unsafe) private let handle: OpaquePointer

    /// Opens a formatter for `skeleton` (`currency/JPY`, `percent`, `measure-unit/duration-month …`).
    init(skeleton: String, locale: String) throws(ICUError) {
        handle = try openICUHandle("number skeleton '\(skeleton)' for '\(locale)'") { error, capacity in
            cicu_number_open(skeleton, locale, error, capacity)
        }
    }

    deinit { cicu_number_close(handle) }

    /// Formats a decimal written with `.` and ASCII digits; with `omittingNumber`, the unit words alone;
    /// with `isolatingCurrency`, the currency symbol in a left-to-right isolate.
    ///
    /// ICU fails to format only when out of memory; the plain decimal is returned then.
    func format(_ decimal: String, omittingNumber: Bool = false, isolatingCurrency: Bool = false) -> String {
        let options = (omittingNumber ? CICU_OMIT_INTEGER : 0) | (isolatingCurrency ? CICU_ISOLATE_CURRENCY : 0)
        return readICUText { cicu_number_format(handle, decimal, options, $0, $1) } ?? decimal
    }

    /// Formats an integer, as `format(_:)` formats its digits, without writing them out first.
    func format(integer value: Int, omittingNumber: Bool = false) -> String {
        let options = omittingNumber ? CICU_OMIT_INTEGER : 0
        return readICUText { cicu_number_format_int(handle, Int64(value), options, $0, $1) } ?? String(value)
    }

    /// Formats an exact amount of minor units, as `format(_:)` formats the amount's decimal text.
    func format(_ amount: MinorAmount, isolatingCurrency: Bool) -> String {
        let options = isolatingCurrency ? CICU_ISOLATE_CURRENCY : 0
        return readICUText { cicu_number_format_minor(handle, amount.units, Int32(amount.digits), options, $0, $1) }
            ?? amount.text
    }
}
