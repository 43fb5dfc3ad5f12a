extension JSONValue {
    /// The text of a string value; nil for any other kind.
    package var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The member `name` of an object; nil for a missing member or another kind of value.
    package subscript(member name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }

    /// The elements of a list; nil for another kind of value.
    package var elements: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// A whole number's value; nil for another kind of value or a fraction.
    package var integer: Int? {
        guard case .number(let number) = self, number.rounded() == number, abs(number) < 9_007_199_254_740_992 else {
            return nil
        }
        return Int(number)
    }
}
