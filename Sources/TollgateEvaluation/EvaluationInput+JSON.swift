public import Foundation
package import JSON

extension EvaluationInput {
    /// Decodes an evaluation input document, with errors that name the offending key.
    ///
    /// Missing keys take safe defaults: no entitlements, synced, consent unknown, the caller's clock. A `null`
    /// counts as missing for the keys that may be left out; keys the input does not know are ignored.
    public init(json: Data) throws(InputError) {
        let value: JSONValue
        do {
            value = try JSONValue(reading: [UInt8](json))
        } catch {
            throw InputError(message: error.description)
        }
        try self.init(value: value)
    }

    /// The input an already-read JSON document describes.
    package init(value: JSONValue) throws(InputError) {
        let document = try Self.members(value, at: "the document")
        self.init(entitlements: [])
        if let list = Self.optional(document, .entitlements) {
            guard case .array(let elements) = list else {
                throw Self.mismatch(Member.entitlements.rawValue, expected: "a list", list)
            }
            entitlements.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                do throws(InputError) {
                    entitlements.append(try Self.entitlement(element))
                } catch {
                    throw InputError(message: "\(Member.entitlements.rawValue)[\(index)]" + error.message)
                }
            }
        }
        if let value = Self.optional(document, .synced) {
            guard case .bool(let flag) = value else {
                throw Self.mismatch(Member.synced.rawValue, expected: "true or false", value)
            }
            synced = flag
        }
        if let value = Self.optional(document, .consent) {
            consent = try Self.choice(value, at: Member.consent.rawValue)
        }
        if let value = Self.optional(document, .now) {
            now = try Self.date(value, at: Member.now.rawValue)
        }
        if let value = Self.optional(document, .currency) {
            currency = try Self.text(value, at: Member.currency.rawValue)
        }
        try readUser(document)
    }

    /// The keys placements' audiences read: `user_id`, `storefront`, `locale`, `platform`, `app_version`,
    /// `install_date` and `attributes`.
    private mutating func readUser(_ document: [String: JSONValue]) throws(InputError) {
        func text(_ member: Member) throws(InputError) -> String? {
            try Self.optional(document, member).map { value throws(InputError) in
                try Self.text(value, at: member.rawValue)
            }
        }
        user.userID = try text(.userID)
        user.storefront = try text(.storefront)
        user.locale = try text(.locale)
        user.platform = try text(.platform)
        user.appVersion = try text(.appVersion)
        if let value = Self.optional(document, .installDate) {
            user.installDate = try Self.date(value, at: Member.installDate.rawValue)
        }
        guard let value = Self.optional(document, .attributes) else { return }
        for (name, attribute) in try Self.members(value, at: Member.attributes.rawValue) {
            switch attribute {
            case .string(let text): user.attributes[name] = .string(text)
            case .number(let number): user.attributes[name] = .number(number)
            case .bool(let flag): user.attributes[name] = .bool(flag)
            case .null: continue
            case .array, .object:
                throw Self.mismatch(Member.attributes.rawValue + "." + name,
                                    expected: "a string, a number or true or false", attribute)
            }
        }
    }

    /// One entitlement; an error's message starts with the path below the entitlement (`.state: missing`).
    private static func entitlement(_ value: JSONValue) throws(InputError) -> Entitlement {
        let members = try members(value, at: "")
        /// The member's path below the entitlement, written only when a message needs it.
        func path(_ name: EntitlementMember) -> String { "." + name.rawValue }
        let product = members[EntitlementMember.product.rawValue]
        let state = members[EntitlementMember.state.rawValue]
        var entitlement = Entitlement(product: try text(required(product, at: path(.product)), at: path(.product)),
                                      state: try choice(required(state, at: path(.state)), at: path(.state)))
        if let value = optional(members[EntitlementMember.expires.rawValue]) {
            entitlement.expires = try date(value, at: path(.expires))
        }
        return entitlement
    }

    private static func members(_ value: JSONValue, at path: @autoclosure () -> String) throws(InputError)
        -> [String: JSONValue]
    {
        guard case .object(let members) = value else { throw mismatch(path(), expected: "an object", value) }
        return members
    }

    /// A member that may be left out; `null` counts as left out.
    private static func optional(_ value: JSONValue?) -> JSONValue? {
        value == .null ? nil : value
    }

    /// The document's `member`, nil when it is left out or `null`.
    private static func optional(_ document: [String: JSONValue], _ member: Member) -> JSONValue? {
        optional(document[member.rawValue])
    }

    private static func required(_ value: JSONValue?, at path: @autoclosure () -> String) throws(InputError)
        -> JSONValue
    {
        guard let value else { throw InputError(message: "\(path()): missing") }
        return value
    }

    private static func text(_ value: JSONValue, at path: @autoclosure () -> String) throws(InputError) -> String {
        guard case .string(let text) = value else { throw mismatch(path(), expected: "a string", value) }
        return text
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: @autoclosure () -> String
    ) throws(InputError) -> Choice where Choice.RawValue == String {
        let text = try text(value, at: path())
        guard let choice = Choice(rawValue: text) else {
            let choices = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw InputError(message: "\(path()): not one of \(choices); found '\(text)'")
        }
        return choice
    }

    private static func date(_ value: JSONValue, at path: @autoclosure () -> String) throws(InputError) -> Date {
        let text = try text(value, at: path())
        guard let date = ISO8601Timestamp.date(text) else {
            throw InputError(message: "\(path()): '\(text)' is not an ISO 8601 date-time such as 2026-11-29T12:00:00Z")
        }
        return date
    }

    private static func mismatch(_ path: String, expected: String, _ found: JSONValue) -> InputError {
        InputError(message: "\(path): expected \(expected)" + (found == .null ? ", found null" : ""))
    }
}

/// An evaluation input that could not be read.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public var description: String { message }
}
