package import Diagnostics

/// A value with the span it was written at; the span is ignored by `==` and hashing.
package struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    package var value: Value
    package var span: SourceSpan

    package init(_ value: Value, at span: SourceSpan) {
        self.value = value
        self.span = span
    }

    package static func == (lhs: Located, rhs: Located) -> Bool { lhs.value == rhs.value }

    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
