package import Diagnostics

/// The ids and explanations of the findings the YAML layer reports.
package enum YAMLRules {
    package static let syntax = RuleDescriptor(
        id: "yaml-syntax", severity: .error, category: "yaml",
        summary: "the file is not well-formed YAML",
        explanation: """
            The YAML parser (libyaml) could not read the file. The message is libyaml's own, and the \
            position is where it gave up; the mistake is often just before it: a missing ':' after a key, \
            a wrongly indented line, an unclosed quote or bracket. Fix the YAML at that point and run again.
            """)
    package static let tab = RuleDescriptor(
        id: "yaml-tab", severity: .error, category: "yaml",
        summary: "a tab character is used for indentation",
        explanation: """
            YAML forbids tabs in indentation, and editors show tabs at different widths, so a tab makes \
            the structure ambiguous. Indent with spaces (two per level in Tollgate's examples).
            """)
    package static let encoding = RuleDescriptor(
        id: "yaml-encoding", severity: .error, category: "yaml",
        summary: "the file is not valid UTF-8",
        explanation: """
            Policy and template files must be UTF-8. A byte sequence that is not UTF-8 usually means the \
            file was saved in a legacy encoding (Latin-1, Shift-JIS, EUC-KR) or as UTF-16. Save it as UTF-8.
            """)
    package static let duplicateKey = RuleDescriptor(
        id: "yaml-duplicate-key", severity: .error, category: "yaml",
        summary: "a mapping has the same key twice",
        explanation: """
            Most YAML loaders silently keep the last of two equal keys, so one of the two values is lost \
            without a word. Tollgate refuses the file: remove one of the keys or merge their values.
            """)
    package static let limit = RuleDescriptor(
        id: "yaml-limit", severity: .error, category: "yaml",
        summary: "the file exceeds a size, nesting or alias-expansion limit",
        explanation: """
            Tollgate reads files of at most 8 MiB, nested at most 256 levels, whose aliases expand to at \
            most 1,000,000 nodes. The limits stop a "billion laughs" file or a runaway generator from \
            exhausting memory; no real policy comes near them. Split the file or use fewer nested aliases.
            """)
    package static let documents = RuleDescriptor(
        id: "yaml-documents", severity: .error, category: "yaml",
        summary: "the file holds more than one YAML document",
        explanation: """
            A policy or template file is one YAML document. A second '---' starts another document, which \
            other tools would ignore or read differently. Remove the separator or split the file in two.
            """)
    package static let alias = RuleDescriptor(
        id: "yaml-alias", severity: .error, category: "yaml",
        summary: "an alias names an anchor that is not defined before it",
        explanation: """
            An alias '*name' repeats the node marked '&name', which must appear earlier in the file and be \
            complete (an alias cannot refer to the node that contains it). Define the anchor first or fix \
            the name.
            """)

    package static let all = [syntax, tab, encoding, duplicateKey, limit, documents, alias]
}
