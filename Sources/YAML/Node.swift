package import Diagnostics

/// How a scalar was written; only plain scalars are subject to YAML 1.1's implicit typing.
package enum ScalarStyle: Hashable, Sendable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// A YAML node with the span it was written at.
package struct Node: Hashable, Sendable {
    /// A key and its value in a mapping, in source order.
    package struct Pair: Hashable, Sendable {
        package var key: Node
        package var value: Node
    }

    package indirect enum Content: Hashable, Sendable {
        case scalar(String, ScalarStyle)
        case sequence([Node])
        case mapping([Pair])
    }

    package var content: Content
    package var span: SourceSpan
    /// The explicit tag, such as `tag:yaml.org,2002:str` for `!!str`, if one was written.
    package var tag: String?
    /// Nodes in this subtree, aliases counted as expanded; bounds alias expansion.
    package var weight: Int
    /// The span of the key this node is the value of, when it is a mapping's value.
    ///
    /// A finding about a whole mapping (a required key is missing) points here: a block mapping's own span
    /// starts at its first key, which is a neighbour of what is missing, not its owner.
    package var keySpan: SourceSpan?

    package init(content: Content, span: SourceSpan, tag: String? = nil, weight: Int = 1) {
        self.content = content
        self.span = span
        self.tag = tag
        self.weight = weight
    }

    /// The scalar's text, if this is a scalar.
    package var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// What kind of node this is, in words for messages: "a string", "a list", "a mapping".
    package var kindDescription: String {
        switch content {
        case .scalar(let text, let style):
            style == .plain && YAMLScalar.isNull(text) ? "null" : "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// YAML 1.1 implicit typing of plain scalars, which other tools apply and Tollgate refuses to guess.
package enum YAMLScalar {
    /// Plain scalars that YAML 1.1 loaders read as booleans.
    package static let booleans: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
        "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF",
    ]

    /// Plain scalars that YAML loaders read as null.
    package static func isNull(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// The explicit string tag (`!!str`).
    package static let stringTag = "tag:yaml.org,2002:str"
}
