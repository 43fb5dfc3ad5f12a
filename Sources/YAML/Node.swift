/// A node of a composed YAML document: an index into its `YAMLTape`, read through the tape.
///
/// A node is two integers, so passing one around costs nothing: no box, no retain, no string. The same
/// record may be reached under several keys (an alias repeats its anchor's node), so the key a node was read
/// under travels with the handle rather than with the record.
package struct Node: Hashable, Sendable {
    /// The node's record in the tape.
    package let index: Int32
    /// The record of the key this node is the value of, or -1 when it is not a mapping's value.
    package let key: Int32

    package init(index: Int32, key: Int32 = -1) {
        self.index = index
        self.key = key
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

    /// Whether YAML 1.1 loaders read the plain scalar `text` as a boolean; no such word is longer than five
    /// characters, so most values are answered without hashing.
    package static func isBoolean(_ text: String) -> Bool {
        text.utf8.count <= 5 && booleans.contains(text)
    }

    /// Plain scalars that YAML loaders read as null.
    package static func isNull(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// The explicit string tag (`!!str`).
    package static let stringTag = "tag:yaml.org,2002:str"
}
