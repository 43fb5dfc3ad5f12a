import Diagnostics
import PolicyModel
import YAML

/// A mapping's entries by key, for reading one section of a file.
///
/// Sections have a handful of keys, so a linear search beats building a dictionary for each.
struct Fields {
    let node: Node
    private let pairs: [Node.Pair]

    init(node: Node, pairs: [Node.Pair]) {
        self.node = node
        self.pairs = pairs
    }

    subscript(key: String) -> Node? {
        pairs.first { $0.key.scalar == key }?.value
    }
}

/// Reads typed values out of YAML nodes, turning every user mistake into a diagnostic.
struct NodeReader {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func report(_ rule: RuleDescriptor, _ message: String, at span: SourceSpan, help: String? = nil) {
        diagnostics.append(Diagnostic(rule: rule.id, severity: rule.severity, message: message, span: span, help: help))
    }

    mutating func append(_ more: [Diagnostic]) {
        diagnostics += more
    }

    /// The entries of a mapping whose allowed keys are `allowed`; reports unknown and missing keys.
    mutating func mapping(_ node: Node, _ what: @autoclosure () -> String, allowed: [String], required: [String] = []) -> Fields? {
        guard case .mapping(let pairs) = node.content else {
            wrongType(node, expected: "a mapping", what: what())
            return nil
        }
        for pair in pairs {
            guard let key = pair.key.scalar else {
                report(LoaderRules.wrongType, "keys of \(what()) must be strings, found \(pair.key.kindDescription)",
                       at: pair.key.span)
                continue
            }
            if !allowed.contains(key) {
                let help = Suggestion.didYouMean(key, in: allowed)
                    ?? "known keys of \(what()): \(allowed.joined(separator: ", "))"
                report(LoaderRules.unknownKey, "unknown key '\(key)' in \(what())", at: pair.key.span, help: help)
            }
        }
        let fields = Fields(node: node, pairs: pairs)
        for key in required where fields[key] == nil {
            report(LoaderRules.missingKey, "\(what()) is missing required key '\(key)'",
                   at: node.keySpan ?? SourceSpan(file: node.span.file, start: node.span.start, end: node.span.start),
                   help: "add '\(key):' to \(what())")
        }
        return fields
    }

    /// The pairs of a mapping whose keys are ids chosen by the user (tiers, features, placements).
    mutating func entries(_ node: Node, _ what: @autoclosure () -> String) -> [(key: Located<String>, value: Node)] {
        guard case .mapping(let pairs) = node.content else {
            wrongType(node, expected: "a mapping", what: what())
            return []
        }
        return pairs.compactMap { pair in string(pair.key, "a key of \(what())").map { ($0, pair.value) } }
    }

    /// A string; plain YAML 1.1 booleans and nulls are refused, numbers are kept as written.
    mutating func string(_ node: Node, _ what: @autoclosure () -> String) -> Located<String>? {
        guard case .scalar(let text, let style) = node.content else {
            wrongType(node, expected: "a string", what: what())
            return nil
        }
        if style == .plain, node.tag != YAMLScalar.stringTag {
            if YAMLScalar.booleans.contains(text) {
                report(LoaderRules.implicitBoolean,
                       "\(what()) is '\(text)', which YAML 1.1 tools read as a boolean", at: node.span,
                       help: "quote it if you mean the text: \"\(text)\"")
                return nil
            }
            if YAMLScalar.isNull(text) {
                report(LoaderRules.implicitBoolean, "\(what()) is empty (null); expected a string", at: node.span,
                       help: text == "~" ? "quote it if you mean the text: \"~\"" : "write a value after the key")
                return nil
            }
        }
        return Located(text, at: node.span)
    }

    /// `true` or `false`; YAML 1.1 spellings are refused with a hint.
    mutating func bool(_ node: Node, _ what: @autoclosure () -> String) -> Located<Bool>? {
        guard case .scalar(let text, let style) = node.content else {
            wrongType(node, expected: "true or false", what: what())
            return nil
        }
        if style == .plain, text == "true" || text == "false" {
            return Located(text == "true", at: node.span)
        }
        if style == .plain, YAMLScalar.booleans.contains(text) {
            let meant = ["y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "True", "TRUE"].contains(text)
            report(LoaderRules.implicitBoolean, "\(what()) is '\(text)'; write booleans as true or false",
                   at: node.span, help: "write \(meant)")
            return nil
        }
        wrongType(node, expected: "true or false", what: what())
        return nil
    }

    /// A whole number written without quotes.
    mutating func int(_ node: Node, _ what: @autoclosure () -> String) -> Located<Int>? {
        guard case .scalar(let text, .plain) = node.content, let value = Int(text) else {
            wrongType(node, expected: "a whole number", what: what())
            return nil
        }
        return Located(value, at: node.span)
    }

    /// One of an enumeration's raw values.
    mutating func value<E: RawRepresentable & CaseIterable & Hashable & Sendable>(
        _ node: Node, _ what: @autoclosure () -> String, as type: E.Type
    ) -> Located<E>? where E.RawValue == String {
        guard let text = string(node, what()) else { return nil }
        if let value = E(rawValue: text.value) { return Located(value, at: text.span) }
        let allowed = E.allCases.map(\.rawValue)
        report(LoaderRules.invalidValue,
               "\(what()) must be one of \(allowed.joined(separator: ", ")); found '\(text.value)'", at: text.span,
               help: Suggestion.didYouMean(text.value, in: allowed))
        return nil
    }

    /// The items of a list.
    mutating func list(_ node: Node, _ what: @autoclosure () -> String) -> [Node] {
        guard case .sequence(let items) = node.content else {
            wrongType(node, expected: "a list", what: what())
            return []
        }
        return items
    }

    /// A list of strings.
    mutating func strings(_ node: Node, _ what: @autoclosure () -> String) -> [Located<String>] {
        list(node, what()).compactMap { string($0, "an item of \(what())") }
    }

    mutating func wrongType(_ node: Node, expected: String, what: @autoclosure () -> String) {
        report(LoaderRules.wrongType, "\(what()) must be \(expected), found \(node.kindDescription)", at: node.span)
    }
}
