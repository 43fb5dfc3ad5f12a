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

    /// The marks by their first scalar and by their last, each list in `currencyMarks` order: a mark can only
    /// match where its first (or last) scalar is, so the first match is the same as over the whole list.
    private static let marksByFirstScalar = Dictionary(grouping: currencyMarks) { $0.scalars[0] }
    private static let marksByLastScalar = Dictionary(grouping: currencyMarks.filter { !$0.afterNumberOnly }) {
        $0.scalars[$0.scalars.count - 1]
    }

    func check(_ app: AppSources) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for set in app.templates {
            set.forEachMessageSite(where: { $0.parses && $0.withUTF8(Self.mayHoldPrice) }) { site in
                guard case .success(let pattern) = site.message.pattern,
                      let (text, range) = Self.firstPrice(in: pattern) else { return }
                let price = String(String.UnicodeScalarView(Array(text.value.unicodeScalars)[range]))
                findings.append(finding(
                    "\(site.place) contains the hard-coded price '\(price)'",
                    at: site.message.span(of: text.messageRange(of: range)),
                    help: "write '{price}' (or '{intro_price}', '{price_per_month}'): the store's price "
                        + "is formatted in the user's currency at run time"))
            }
        }
        return findings
    }

    func evidence(_ app: AppSources) -> String {
        let count = app.templates.map(\.messageCount).reduce(0, +)
        return "no amounts next to a currency in \(count) messages of \(app.templates.count) template file(s)"
    }

    /// Whether a message whose text is the UTF-8 `bytes` may hold a price, by a quick look at the text, so that
    /// most messages are passed over without parsing their pattern again.
    ///
    /// Text without a decimal digit of any script holds no price. ASCII text holds one only if it also has an
    /// ASCII mark: '$', 'kr' or three capitals (every ASCII mark contains one). Apostrophes are skipped, as
    /// quoting may drop them between the letters of a mark; other text with a digit is always looked at.
    static func mayHoldPrice(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (hasDigit, isASCII) = digitsAndASCII(bytes)
        if hasDigit { return !isASCII || hasASCIIMark(bytes) }
        return !isASCII && hasOtherDigit(bytes)
    }

    /// Whether `bytes` hold an ASCII digit, and whether they are all ASCII: eight bytes at a time.
    private static func digitsAndASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (hasDigit: Bool, isASCII: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits = ones &* 0x80
        let low7 = ones &* 0x7F
        var high: UInt64 = 0
        var digits: UInt64 = 0
        // Bit 7 of a byte of `digits` is set where that byte is in "0"..."9" (0x30...0x39), per byte without
        // carries: 0xB9 - b keeps bit 7 for b up to 0x39, b + 0x50 has it from 0x30, and ~word drops b from 0x80.
        func look(_ word: UInt64) {
            high |= word
            let low = word & low7
            digits |= (ones &* 0xB9 &- low) & (low &+ ones &* 0x50) & ~word
        }
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            look(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < raw.count {
            var tail: UInt64 = 0
            for index in offset..<raw.count { tail |= UInt64(raw[index]) << (8 * UInt64(index - offset)) }
            look(tail)
        }
        return (digits & highBits != 0, high & highBits == 0)
    }

    /// Whether the ASCII `bytes` hold '$', 'kr' or three capitals in a row, apostrophes skipped.
    private static func hasASCIIMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var capitals = 0
        var previous: UInt8 = 0
        for byte in bytes where byte != UInt8(ascii: "'") {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                capitals += 1
                if capitals >= 3 { return true }
            case UInt8(ascii: "$"):
                return true
            case UInt8(ascii: "r") where previous == UInt8(ascii: "k"):
                return true
            default:
                capitals = 0
            }
            previous = byte
        }
        return false
    }

    /// Whether the UTF-8 `bytes` hold a decimal digit outside ASCII ('٩', '４').
    private static func hasOtherDigit(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if !scalar.isASCII, isDigit(scalar) { return true }
        }
        return false
    }

    /// The first literal text of `pattern` (its own, then each plural and select case's, in order) with an
    /// amount next to a currency mark, and that amount's scalar range in it. Parts are read by position, so
    /// that only the text looked at is read, not every part copied out.
    private static func firstPrice(in pattern: MessagePattern) -> (MessageText, Range<Int>)? {
        let parts = pattern.parts
        for index in parts.indices {
            switch parts[index] {
            case .text(let text):
                if let range = priceRange(in: text.value) { return (text, range) }
            case .argument, .pound:
                continue
            case .plural(let plural):
                for pluralCase in plural.cases {
                    if let found = firstPrice(in: pluralCase.message) { return found }
                }
            case .select(let select):
                for selectCase in select.cases {
                    if let found = firstPrice(in: selectCase.message) { return found }
                }
            }
        }
        return nil
    }

    /// The first amount next to a currency mark in `text`, as written ('$4.99', '3,900원'), or nil.
    static func price(in text: String) -> String? {
        priceRange(in: text).map { String(String.UnicodeScalarView(Array(text.unicodeScalars)[$0])) }
    }

    /// The scalar range of the first amount next to a currency mark in `text`, mark included, or nil.
    ///
    /// ASCII text, most template text, is read in place as its UTF-8 bytes; other text as an array of scalars.
    static func priceRange(in text: String) -> Range<Int>? {
        var isASCII = true
        var hasDigit = false
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { hasDigit = true }
        }
        guard isASCII else {
            guard text.unicodeScalars.contains(where: isDigit) else { return nil }
            return priceRange(in: Array(text.unicodeScalars))
        }
        guard hasDigit else { return nil }
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            priceRange(in: bytes.lazy.map(Unicode.Scalar.init))
        } ?? priceRange(in: Array(text.unicodeScalars))
    }

    /// Finds each number (digits, with separators between digits) and looks for a mark right after it,
    /// then right before it, white space allowed between: the work is linear in the text.
    private static func priceRange<Scalars: RandomAccessCollection<Unicode.Scalar>>(in scalars: Scalars)
        -> Range<Int>? where Scalars.Index == Int {
        var index = 0
        while index < scalars.count {
            guard isDigit(scalars[index]) else {
                index += 1
                continue
            }
            let first = index
            var last = first
            while last + 1 < scalars.count, isDigit(scalars[last + 1])
                || (last + 2 < scalars.count && isDigitSeparator(scalars[last + 1]) && isDigit(scalars[last + 2])) {
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
    private static func markEnd<Scalars: RandomAccessCollection<Unicode.Scalar>>(
        after position: Int, in scalars: Scalars
    ) -> Int? where Scalars.Index == Int {
        var start = position
        while start < scalars.count, isWhitespace(scalars[start]) {
            start += 1
        }
        guard start < scalars.count, let marks = marksByFirstScalar[scalars[start]] else { return nil }
        for mark in marks where start + mark.scalars.count <= scalars.count {
            let end = start + mark.scalars.count
            guard scalars[start..<end].elementsEqual(mark.scalars) else { continue }
            if mark.isWord, end < scalars.count, isAlphabetic(scalars[end]) { continue }
            return end
        }
        return nil
    }

    /// The start of a mark that ends at `position` (before white space), as in '$4.99'.
    private static func markStart<Scalars: RandomAccessCollection<Unicode.Scalar>>(
        before position: Int, in scalars: Scalars
    ) -> Int? where Scalars.Index == Int {
        var end = position
        while end > 0, isWhitespace(scalars[end - 1]) {
            end -= 1
        }
        guard end > 0, let marks = marksByLastScalar[scalars[end - 1]] else { return nil }
        for mark in marks where mark.scalars.count <= end {
            let start = end - mark.scalars.count
            guard scalars[start..<end].elementsEqual(mark.scalars) else { continue }
            if mark.isWord, start > 0, isAlphabetic(scalars[start - 1]) { continue }
            return start
        }
        return nil
    }

    /// A decimal digit of any script: `4`, `٩`, `４`.
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("0"..."9").contains(scalar) }
        return scalar.properties.numericType == .decimal
    }

    /// A character that may separate the digits of one amount: `3,900`, `4.99`, `٩٫٩٩`.
    private static func isDigitSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", ",", "'", "\u{066B}", "\u{066C}", "\u{00A0}", "\u{202F}": true
        default: false
        }
    }

    /// White space (Unicode's White_Space), answered without the property tables for ASCII.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isWhitespace }
        return scalar == " " || ("\t"..."\r").contains(scalar)
    }

    /// A letter of any script, answered without the property tables for ASCII.
    private static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isAlphabetic }
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
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
