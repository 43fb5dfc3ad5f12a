import Diagnostics
import PolicyModel
import YAML

/// A mapping's entries by key, for reading one section of a file.
///
/// Sections have a handful of keys, so a linear search beats building a dictionary for each.
struct Fields {
    let node: Node
    private let pairs: YAMLTape.Pairs
    private let tape: YAMLTape

    init(node: Node, pairs: YAMLTape.Pairs, tape: YAMLTape) {
        self.node = node
        self.pairs = pairs
        self.tape = tape
    }

    subscript(key: String) -> Node? {
        pairs.first { tape.scalar($0.key) == key }?.value
    }
}

/// Reads typed values out of a composed YAML document, turning every user mistake into a diagnostic.
struct NodeReader {
    /// The document being read; empty until `document` has parsed one.
    private(set) var tape: YAMLTape
    /// The file's text, kept by the values whose characters a finding may need to place.
    private(set) var source: SourceText
    private(set) var diagnostics: [Diagnostic] = []

    init(fileID: SourceFileID, bytes: [UInt8]) {
        tape = YAMLTape(fileID: fileID)
        source = SourceText(bytes, fileID: fileID)
    }

    /// Reads `document`'s tape from now on.
    mutating func read(_ tape: YAMLTape) {
        self.tape = tape
    }

    mutating func report(_ rule: RuleDescriptor, _ message: String, at span: SourceSpan, help: String? = nil) {
        diagnostics.append(Diagnostic(rule: rule.id, severity: rule.severity, message: message, span: span, help: help))
    }

    mutating func append(_ more: [Diagnostic]) {
        diagnostics += more
    }

    /// Where `node` was written.
    func span(_ node: Node) -> SourceSpan { tape.span(node) }

    /// The span of the key `node` is the value of, if any.
    func keySpan(_ node: Node) -> SourceSpan? { tape.keySpan(node) }

    /// The span of the key `node` is the value of, or the point where the node starts.
    func ownerSpan(_ node: Node) -> SourceSpan {
        if let keySpan = tape.keySpan(node) { return keySpan }
        let span = tape.span(node)
        return SourceSpan(fileID: span.fileID, start: span.start, end: span.start)
    }

    /// The point where `node` starts.
    func startSpan(_ node: Node) -> SourceSpan {
        let span = tape.span(node)
        return SourceSpan(fileID: span.fileID, start: span.start, end: span.start)
    }

    func content(_ node: Node) -> YAMLTape.Content { tape.content(node) }

    /// Whether `node` is a plain null (`~`, `null` or nothing).
    func isNull(_ node: Node) -> Bool {
        if case .scalar(let text, .plain) = tape.content(node) { return YAMLScalar.isNull(text) }
        return false
    }

    /// Where a scalar's characters were written, for mapping a finding inside it once one needs it.
    func scalarSource(_ node: Node) -> ScalarSource? { tape.scalarSource(node, in: source) }

    /// The entries of a mapping whose allowed keys are `allowed`; reports unknown and missing keys.
    mutating func mapping(_ node: Node, _ what: @autoclosure () -> String, allowed: [String], required: [String] = []) -> Fields? {
        guard case .mapping(let pairs) = tape.content(node) else {
            wrongType(node, expected: "a mapping", what: what())
            return nil
        }
        for pair in pairs {
            guard let key = tape.scalar(pair.key) else {
                report(LoaderRules.wrongType,
                       "keys of \(what()) must be strings, found \(tape.kindDescription(pair.key))", at: span(pair.key))
                continue
            }
            if !allowed.contains(key) {
                let help = Suggestion.didYouMean(key, in: allowed)
                    ?? "known keys of \(what()): \(allowed.joined(separator: ", "))"
                report(LoaderRules.unknownKey, "unknown key '\(key)' in \(what())", at: span(pair.key), help: help)
            }
        }
        let fields = Fields(node: node, pairs: pairs, tape: tape)
        for key in required where fields[key] == nil {
            report(LoaderRules.missingKey, "\(what()) is missing required key '\(key)'", at: ownerSpan(node),
                   help: "add '\(key):' to \(what())")
        }
        return fields
    }

    /// The pairs of a mapping whose keys are ids chosen by the user (tiers, features, placements).
    mutating func entries(_ node: Node, _ what: @autoclosure () -> String) -> [(key: Located<String>, value: Node)] {
        guard case .mapping(let pairs) = tape.content(node) else {
            wrongType(node, expected: "a mapping", what: what())
            return []
        }
        return pairs.compactMap { pair in string(pair.key, "a key of \(what())").map { ($0, pair.value) } }
    }

    /// A string; plain YAML 1.1 booleans and nulls are refused, numbers are kept as written.
    mutating func string(_ node: Node, _ what: @autoclosure () -> String) -> Located<String>? {
        guard case .scalar(let text, let style) = tape.content(node) else {
            wrongType(node, expected: "a string", what: what())
            return nil
        }
        if style == .plain, !tape.isStringTagged(node) {
            if YAMLScalar.isBoolean(text) {
                report(LoaderRules.implicitBoolean,
                       "\(what()) is '\(text)', which YAML 1.1 tools read as a boolean", at: span(node),
                       help: "quote it if you mean the text: \"\(text)\"")
                return nil
            }
            if YAMLScalar.isNull(text) {
                report(LoaderRules.implicitBoolean, "\(what()) is empty (null); expected a string", at: span(node),
                       help: text == "~" ? "quote it if you mean the text: \"~\"" : "write a value after the key")
                return nil
            }
        }
        return Located(text, at: span(node))
    }

    /// `true` or `false`; YAML 1.1 spellings are refused with a hint.
    mutating func bool(_ node: Node, _ what: @autoclosure () -> String) -> Located<Bool>? {
        guard case .scalar(let text, let style) = tape.content(node) else {
            wrongType(node, expected: "true or false", what: what())
            return nil
        }
        if style == .plain, text == "true" || text == "false" {
            return Located(text == "true", at: span(node))
        }
        if style == .plain, YAMLScalar.isBoolean(text) {
            let meant = ["y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "True", "TRUE"].contains(text)
            report(LoaderRules.implicitBoolean, "\(what()) is '\(text)'; write booleans as true or false",
                   at: span(node), help: "write \(meant)")
            return nil
        }
        wrongType(node, expected: "true or false", what: what())
        return nil
    }

    /// A whole number written without quotes.
    mutating func int(_ node: Node, _ what: @autoclosure () -> String) -> Located<Int>? {
        guard case .scalar(let text, .plain) = tape.content(node), let value = Int(text) else {
            wrongType(node, expected: "a whole number", what: what())
            return nil
        }
        return Located(value, at: span(node))
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
    mutating func list(_ node: Node, _ what: @autoclosure () -> String) -> YAMLTape.Items {
        guard case .sequence(let items) = tape.content(node) else {
            wrongType(node, expected: "a list", what: what())
            return YAMLTape.Items.empty
        }
        return items
    }

    /// A list of strings.
    mutating func strings(_ node: Node, _ what: @autoclosure () -> String) -> [Located<String>] {
        list(node, what()).compactMap { string($0, "an item of \(what())") }
    }

    mutating func wrongType(_ node: Node, expected: String, what: @autoclosure () -> String) {
        report(LoaderRules.wrongType, "\(what()) must be \(expected), found \(tape.kindDescription(node))",
               at: span(node))
    }
}
