import Foundation
import JSON

extension EvaluationInput {
    /// The input in `bytes` when they are in the usual form, read in one pass without a `JSONValue` tree; nil for
    /// any other text, which `JSONValue(reading:)` and `init(value:)` then read or refuse with their own message.
    ///
    /// The usual form is an object of the input's own members, each given once, whose strings have no escapes and
    /// whose attributes are strings or booleans; `null` stands for a member left out, as in `init(value:)`.
    /// Anything else (another member, an escape, a number, a mistake) gives nil. For every text it reads, this
    /// gives the same input as `init(value:)`; the service reads every evaluation's body with it first.
    package init?(usualForm bytes: [UInt8]) {
        guard let body = UsualEvaluationBody(bytes), body.customer == nil, body.environment == nil else { return nil }
        self = body.input
    }
}

/// An evaluation's body in the usual form (`EvaluationInput(usualForm:)`), which may also name a customer whose
/// purchases stand in for the entitlements: `customer` and `environment`, plain strings, each given once.
package struct UsualEvaluationBody: Equatable, Sendable {
    /// The input, without entitlements when the body names a customer.
    package var input: EvaluationInput
    /// The text of `customer`, when given and not `null`; a body naming a customer and giving entitlements too is
    /// not in the usual form, so the general reader refuses it.
    package var customer: String?
    /// The text of `environment`, when given and not `null`; a body giving it without a customer is not in the
    /// usual form either.
    package var environment: String?

    /// The body in `bytes`, nil when they are not in the usual form.
    package init?(_ bytes: [UInt8]) {
        guard let body = bytes.withUnsafeBufferPointer({ buffer in
            var reader = UsualFormReader(bytes: buffer)
            return reader.document()
        }) else { return nil }
        self = body
    }

    init(input: EvaluationInput, customer: String?, environment: String?) {
        self.input = input
        self.customer = customer
        self.environment = environment
    }
}

/// Reads the usual form of an evaluation input; every method returns nil (or false) at the first thing it does
/// not expect, leaving the text to the general reader. Names are compared as bytes, and a string becomes a
/// `String` only when the input keeps it.
private struct UsualFormReader {
    private typealias Bytes = UnsafeBufferPointer<UInt8>

    private let bytes: Bytes
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private typealias Member = EvaluationInput.Member
    private typealias EntitlementMember = EvaluationInput.EntitlementMember

    /// The names of the document's members and of an entitlement's as bytes; a member's bit in `seen` is its place.
    private static let members = Member.allCases.map { (name: Array($0.rawValue.utf8), member: $0) }
    private static let entitlementMembers = EntitlementMember.allCases.map {
        (name: Array($0.rawValue.utf8), member: $0)
    }

    /// The member named `name` and its place in `names`; nil for a name not there.
    private static func member<Named>(_ name: Bytes, in names: [(name: [UInt8], member: Named)]) -> (Int, Named)? {
        for (place, entry) in names.enumerated() where equal(name, entry.name) { return (place, entry.member) }
        return nil
    }

    mutating func document() -> UsualEvaluationBody? {
        var input = EvaluationInput(entitlements: [])
        var customer: String?, environment: String?, entitlementsGiven = false
        var seen: UInt32 = 0
        let read = object { reader, name in
            if let selector = Self.selector(name) {
                guard Self.firstTime(Self.members.count + selector.rawValue, in: &seen) else { return false }
                if reader.take("null") { return true }
                guard let text = reader.string() else { return false }
                switch selector {
                case .customer: customer = text
                case .environment: environment = text
                }
                return true
            }
            guard let (place, member) = Self.member(name, in: Self.members), Self.firstTime(place, in: &seen) else {
                return false
            }
            // `null` is a member left out.
            if reader.take("null") { return true }
            entitlementsGiven = entitlementsGiven || member == .entitlements
            return reader.value(of: member, into: &input)
        }
        skipWhitespace()
        guard read, index == bytes.count else { return nil }
        if customer == nil ? environment != nil : entitlementsGiven { return nil }
        return UsualEvaluationBody(input: input, customer: customer, environment: environment)
    }

    /// The members that choose a customer's purchases in place of `entitlements`.
    private enum Selector: Int {
        case customer, environment
    }

    private static func selector(_ name: Bytes) -> Selector? {
        if equal(name, "customer") { return .customer }
        if equal(name, "environment") { return .environment }
        return nil
    }

    private mutating func value(of member: Member, into input: inout EvaluationInput) -> Bool {
        switch member {
        case .entitlements:
            guard take("[") else { return false }
            skipWhitespace()
            if take("]") { return true }
            repeat {
                skipWhitespace()
                guard let entitlement = entitlement() else { return false }
                input.entitlements.append(entitlement)
                skipWhitespace()
            } while take(",")
            return take("]")
        case .synced:
            if take("true") { input.synced = true } else if take("false") { input.synced = false } else { return false }
        case .consent:
            guard let consent = string().flatMap(Consent.init(rawValue:)) else { return false }
            input.consent = consent
        case .now:
            guard let date = date() else { return false }
            input.now = date
        case .currency: return text(into: &input.currency)
        case .userID: return text(into: &input.user.userID)
        case .storefront: return text(into: &input.user.storefront)
        case .locale: return text(into: &input.user.locale)
        case .platform: return text(into: &input.user.platform)
        case .appVersion: return text(into: &input.user.appVersion)
        case .installDate:
            guard let date = date() else { return false }
            input.user.installDate = date
        case .attributes:
            var attributes: [String: AttributeValue] = [:]
            guard object({ reader, name in
                // A null attribute is skipped; leave it, and the duplicate it might hide, to the general reader.
                let value: AttributeValue
                if reader.take("true") {
                    value = .bool(true)
                } else if reader.take("false") {
                    value = .bool(false)
                } else if let text = reader.string() {
                    value = .string(text)
                } else {
                    return false
                }
                guard let name = Self.text(name) else { return false }
                return attributes.updateValue(value, forKey: name) == nil
            }) else { return false }
            input.user.attributes = attributes
        }
        return true
    }

    private mutating func entitlement() -> Entitlement? {
        var product: String?, state: EntitlementState?, expires: Date?
        var seen: UInt32 = 0
        guard object({ reader, name in
            guard let (place, member) = Self.member(name, in: Self.entitlementMembers), Self.firstTime(place, in: &seen)
            else { return false }
            switch member {
            case .product:
                product = reader.string()
                return product != nil
            case .state:
                state = reader.string().flatMap(EntitlementState.init(rawValue:))
                return state != nil
            case .expires:
                if reader.take("null") { return true }
                expires = reader.date()
                return expires != nil
            }
        }), let product, let state else { return nil }
        return Entitlement(product: product, state: state, expires: expires)
    }

    /// Marks member number `member` as seen; false when it already was: a name given twice is the general
    /// reader's to refuse.
    private static func firstTime(_ member: Int, in seen: inout UInt32) -> Bool {
        defer { seen |= 1 << member }
        return seen & 1 << member == 0
    }

    /// Reads an object, handing each member's name (the bytes between its quotes) to `member` with the reader at
    /// its value; false as soon as `member` is, or the text is not an object.
    private mutating func object(_ member: (inout UsualFormReader, Bytes) -> Bool) -> Bool {
        skipWhitespace()
        guard take("{") else { return false }
        skipWhitespace()
        if take("}") { return true }
        repeat {
            skipWhitespace()
            guard let name = plainString() else { return false }
            skipWhitespace()
            guard take(":") else { return false }
            skipWhitespace()
            guard member(&self, name) else { return false }
            skipWhitespace()
        } while take(",")
        return take("}")
    }

    /// A string member's text, stored in `target`.
    private mutating func text(into target: inout String?) -> Bool {
        guard let text = string() else { return false }
        target = text
        return true
    }

    /// A date-time; the common UTC form is read from the bytes, any other through `ISO8601Timestamp.date`.
    private mutating func date() -> Date? {
        guard let utf8 = plainString() else { return nil }
        if let seconds = ISO8601Timestamp.utcSeconds(utf8: utf8) {
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return Self.text(utf8).flatMap(ISO8601Timestamp.date)
    }

    private mutating func string() -> String? {
        plainString().flatMap(Self.text)
    }

    /// The bytes between the quotes of a string literal without escapes or control characters.
    private mutating func plainString() -> Bytes? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        let end = JSONPlainText.end(in: bytes, from: start)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        index = end + 1
        return Bytes(rebasing: bytes[start..<end])
    }

    /// The text of a string literal's bytes, nil when they are not valid UTF-8.
    private static func text(_ utf8: Bytes) -> String? {
        // ASCII is valid UTF-8, and decoding it is the cheapest way to make a String.
        if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
        return String(validating: utf8, as: UTF8.self)
    }

    /// Whether `bytes` are the ASCII `word`. The names and words compared are lowercase ASCII letters and `_`, which
    /// no other string equals, so this is `String` equality without making a string.
    private static func equal(_ bytes: Bytes, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        for index in 0..<bytes.count where bytes[index] != letters[index] { return false }
        return true
    }

    /// Whether `bytes` are the member name `name`, which is lowercase ASCII letters and `_` as a word is.
    private static func equal(_ bytes: Bytes, _ name: [UInt8]) -> Bool {
        guard bytes.count == name.count else { return false }
        for index in 0..<bytes.count where bytes[index] != name[index] { return false }
        return true
    }

    /// Steps over `word` when it comes next.
    private mutating func take(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count, Self.equal(Bytes(rebasing: bytes[index..<(index + count)]), word) else {
            return false
        }
        index += count
        return true
    }

    private mutating func skipWhitespace() {
        index = bytes.endOfJSONWhitespace(from: index)
    }
}
