import Diagnostics
import MessageFormat
import PolicyModel

/// Template text must not contain amounts of money: prices come from the store at run time.
struct HardcodedPriceRule: Rule {
    static let id = "hardcoded-price"
    static let severity = Severity.error
    static let category = "templates"
    static let summary = "a template message contains a hard-coded price"
    static let checklistItem: String? = "No hard-coded prices in paywall text"
    static let explanation = """
        The store sets the price per storefront and changes it (tax changes, price tiers, currency moves), \
        so a price written into text such as '$4.99' or '3,900원' will sooner or later differ from what the \
        user is charged, which App Review and Play treat as misleading. Use '{price}' (or '{intro_price}', \
        '{price_per_month}'): the renderer formats the store's price in the user's currency. Numbers without \
        a currency ('24 hours', '3 months') are fine.
        """

    /// Symbols and words that make an adjacent number a price; longer ones first, so 'R$ 9' reads as one price.
    static let currencyMarks: [CurrencyMark] = [
        CurrencyMark("R$", isWord: true), CurrencyMark("$"), CurrencyMark("€"), CurrencyMark("£"),
        CurrencyMark("¥"), CurrencyMark("￥"), CurrencyMark("₩"), CurrencyMark("￦"), CurrencyMark("₹"),
        CurrencyMark("₽"), CurrencyMark("₺"), CurrencyMark("₪"), CurrencyMark("₫"), CurrencyMark("₱"),
        CurrencyMark("₴"), CurrencyMark("₦"), CurrencyMark("฿"), CurrencyMark("₸"), CurrencyMark("₼"),
        CurrencyMark("₾"), CurrencyMark("₡"), CurrencyMark("₲"), CurrencyMark("₵"), CurrencyMark("﷼"),
        CurrencyMark("원", afterNumberOnly: true), CurrencyMark("円", afterNumberOnly: true),
        CurrencyMark("元", afterNumberOnly: true), CurrencyMark("zł", isWord: true, afterNumberOnly: true),
        CurrencyMark("kr", isWord: true), CurrencyMark("рубл", afterNumberOnly: true),
        CurrencyMark("руб", isWord: true, afterNumberOnly: true), CurrencyMark("ر.س"), CurrencyMark("د.إ"),
    ] + [
        "USD", "EUR", "GBP", "JPY", "KRW", "CNY", "INR", "RUB", "PLN", "SAR", "AED", "BRL", "CAD", "AUD", "NZD",
        "CHF", "SEK", "NOK", "DKK", "TRY", "MXN", "HKD", "TWD", "SGD", "ZAR", "ILS", "THB", "IDR", "MYR", "PHP",
        "VND", "UAH", "CZK", "HUF", "RON", "EGP", "NGN", "KZT", "CLP", "COP", "QAR", "KWD",
    ].map { CurrencyMark($0, isWord: true) }

    /// Characters that may separate the digits of one amount: `3,900`, `4.99`, `٩٫٩٩`.
    private static let digitSeparators: Set<Unicode.Scalar> = [".", ",", "'", "\u{066B}", "\u{066C}", "\u{00A0}",
                                                               "\u{202F}"]

    func check(_ app: AppSources) -> [Diagnostic] {
        app.templates.flatMap(\.messageSites).compactMap { site in
            guard case .success(let pattern) = site.message.pattern,
                  let (text, range) = pattern.literalTexts.lazy.compactMap({ text in
                      Self.priceRange(in: text.value).map { (text, $0) }
                  }).first
            else { return nil }
            let price = String(String.UnicodeScalarView(Array(text.value.unicodeScalars)[range]))
            return finding("\(site.place) contains the hard-coded price '\(price)'",
                           at: site.message.span(of: text.messageRange(of: range)),
                           help: "write '{price}' (or '{intro_price}', '{price_per_month}'): the store's price "
                               + "is formatted in the user's currency at run time")
        }
    }

    func evidence(_ app: AppSources) -> String {
        let count = app.templates.map(\.messageSites.count).reduce(0, +)
        return "no amounts next to a currency in \(count) messages of \(app.templates.count) template file(s)"
    }

    /// The first amount next to a currency mark in `text`, as written ('$4.99', '3,900원'), or nil.
    static func price(in text: String) -> String? {
        priceRange(in: text).map { String(String.UnicodeScalarView(Array(text.unicodeScalars)[$0])) }
    }

    /// The scalar range of the first amount next to a currency mark in `text`, mark included, or nil.
    ///
    /// Finds each number (digits, with separators between digits) and looks for a mark right after it,
    /// then right before it, white space allowed between: the work is linear in the text.
    static func priceRange(in text: String) -> Range<Int>? {
        guard text.unicodeScalars.contains(where: isDigit) else { return nil }
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard isDigit(scalars[index]) else {
                index += 1
                continue
            }
            let first = index
            var last = first
            while last + 1 < scalars.count, isDigit(scalars[last + 1])
                || (last + 2 < scalars.count && digitSeparators.contains(scalars[last + 1]) && isDigit(scalars[last + 2])) {
                last += 1
            }
            index = last + 1
            if let end = markEnd(after: last + 1, in: scalars) {
                return first..<end
            }
            if let start = markStart(before: first, in: scalars) {
                return start..<(last + 1)
            }
        }
        return nil
    }

    /// The end of a mark that starts at `position` (after white space), as in '4,99 €'.
    private static func markEnd(after position: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var start = position
        while start < scalars.count, scalars[start].properties.isWhitespace {
            start += 1
        }
        for mark in currencyMarks where start + mark.scalars.count <= scalars.count {
            let end = start + mark.scalars.count
            guard scalars[start..<end].elementsEqual(mark.scalars) else { continue }
            if mark.isWord, end < scalars.count, scalars[end].properties.isAlphabetic { continue }
            return end
        }
        return nil
    }

    /// The start of a mark that ends at `position` (before white space), as in '$4.99'.
    private static func markStart(before position: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var end = position
        while end > 0, scalars[end - 1].properties.isWhitespace {
            end -= 1
        }
        for mark in currencyMarks where !mark.afterNumberOnly && mark.scalars.count <= end {
            let start = end - mark.scalars.count
            guard scalars[start..<end].elementsEqual(mark.scalars) else { continue }
            if mark.isWord, start > 0, scalars[start - 1].properties.isAlphabetic { continue }
            return start
        }
        return nil
    }

    /// A decimal digit of any script: `4`, `٩`, `４`.
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("0"..."9").contains(scalar) }
        return scalar.properties.numericType == .decimal
    }
}

/// A currency symbol or word that makes a number written next to it a price.
struct CurrencyMark: Sendable {
    var scalars: [Unicode.Scalar]
    /// Whether letters may not touch it, so 'kr' marks '5 kr' but not '5 krótkich'.
    var isWord: Bool
    /// Whether it is only ever written after the number ('3,900원'), so '회원 5명' (five members) is no price.
    var afterNumberOnly: Bool

    init(_ text: String, isWord: Bool = false, afterNumberOnly: Bool = false) {
        self.scalars = Array(text.unicodeScalars)
        self.isWord = isWord
        self.afterNumberOnly = afterNumberOnly
    }
}

extension MessagePattern {
    /// The literal text of the message and of every plural and select case, arguments left out.
    fileprivate var literalTexts: [MessageText] {
        parts.flatMap { part -> [MessageText] in
            switch part {
            case .text(let text): [text]
            case .argument, .pound: []
            case .plural(let plural): plural.cases.flatMap(\.message.literalTexts)
            case .select(let select): select.cases.flatMap(\.message.literalTexts)
            }
        }
    }
}
