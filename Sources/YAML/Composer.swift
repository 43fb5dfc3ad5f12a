import Diagnostics

/// Builds the node tree from libyaml's events, enforcing the limits and YAML rules libyaml leaves to callers:
/// duplicate keys, nesting depth, alias expansion, undefined aliases, one document per file, merge keys.
struct Composer {
    private struct Frame {
        var isMapping: Bool
        var start: SourcePosition
        var tag: String?
        var anchor: String?
        var items: [Node] = []
        var pairs: [Node.Pair] = []
        var pendingKey: Node?
        /// Positions of keys in `pairs`, built once a mapping is large enough for lookups to matter.
        var keyIndex: [String: Int]?
        var merged: [Node] = []
        var weight = 1

        /// Where the key `text` already is in `pairs`.
        func position(of text: String) -> Int? {
            if let keyIndex { return keyIndex[text] }
            return pairs.firstIndex { $0.key.scalar == text }
        }

        mutating func append(_ pair: Node.Pair) {
            pairs.append(pair)
            if keyIndex != nil {
                if let key = pair.key.scalar { keyIndex?[key] = pairs.count - 1 }
            } else if pairs.count > Composer.indexThreshold {
                keyIndex = Dictionary(pairs.enumerated().compactMap { index, pair in
                    pair.key.scalar.map { ($0, index) }
                }) { first, _ in first }
            }
        }
    }

    private struct Stop: Error {}

    /// Mappings with more keys than this index them for duplicate checks; smaller ones search.
    private static let indexThreshold = 16

    let file: String
    let limits: YAMLLimits
    let bytes: [UInt8]
    private var stack: [Frame] = []
    private var anchors: [String: Node] = [:]
    private var root: Node?
    private var expanded = 0
    private var diagnostics: [Diagnostic] = []

    init(file: String, limits: YAMLLimits, bytes: [UInt8]) {
        self.file = file
        self.limits = limits
        self.bytes = bytes
    }

    mutating func run() -> YAMLDocument {
        let parser = LibYAMLParser(bytes: bytes)
        var documents = 0
        do {
            loop: while true {
                let event: Event
                do {
                    event = try parser.next()
                } catch {
                    report(syntax: error)
                    throw Stop()
                }
                switch event.kind {
                case .streamStart, .documentEnd:
                    break
                case .streamEnd:
                    break loop
                case .documentStart:
                    documents += 1
                    if documents > 1 {
                        add(YAMLRules.documents, "more than one YAML document in the file", at: span(event),
                            help: "a policy file holds one document: remove the '---' separator or split the file")
                        throw Stop()
                    }
                case .alias(let anchor):
                    guard let node = anchors[anchor] else {
                        add(YAMLRules.alias, "alias '*\(anchor)' names no anchor defined before it", at: span(event),
                            help: Suggestion.didYouMean(anchor, in: anchors.keys).map { "\($0)" }
                                ?? "define '&\(anchor)' on an earlier node")
                        throw Stop()
                    }
                    try attach(node, at: event)
                case .scalar(let value, let style, let tag, let anchor):
                    let node = Node(content: .scalar(value, style), span: span(event), tag: tag)
                    if let anchor { anchors[anchor] = node }
                    try attach(node, at: event)
                case .sequenceStart(let tag, let anchor):
                    try open(Frame(isMapping: false, start: event.start, tag: tag, anchor: anchor), at: event)
                case .mappingStart(let tag, let anchor):
                    try open(Frame(isMapping: true, start: event.start, tag: tag, anchor: anchor), at: event)
                case .sequenceEnd, .mappingEnd:
                    let frame = stack.removeLast()
                    let node = close(frame, end: event.end)
                    if let anchor = frame.anchor { anchors[anchor] = node }
                    try attach(node, at: event, counted: true)
                }
            }
        } catch {
            return YAMLDocument(root: nil, diagnostics: diagnostics)
        }
        return YAMLDocument(root: root, diagnostics: diagnostics)
    }

    private mutating func open(_ frame: Frame, at event: Event) throws(Stop) {
        if stack.count >= limits.maxDepth {
            add(YAMLRules.limit, "nesting is deeper than \(limits.maxDepth) levels", at: span(event),
                help: "flatten the structure; no policy needs this depth")
            throw Stop()
        }
        try count(1, at: event)
        stack.append(frame)
    }

    private func close(_ frame: Frame, end: SourcePosition) -> Node {
        let span = SourceSpan(file: file, start: frame.start, end: end)
        guard frame.isMapping else {
            return Node(content: .sequence(frame.items), span: span, tag: frame.tag, weight: frame.weight)
        }
        guard !frame.merged.isEmpty else {
            return Node(content: .mapping(frame.pairs), span: span, tag: frame.tag, weight: frame.weight)
        }
        var pairs = frame.pairs
        var keys = Set(frame.pairs.compactMap(\.key.scalar))
        for source in frame.merged {
            guard case .mapping(let sourcePairs) = source.content else { continue }
            for pair in sourcePairs {
                if let key = pair.key.scalar, keys.insert(key).inserted { pairs.append(pair) }
            }
        }
        return Node(content: .mapping(pairs), span: span, tag: frame.tag, weight: frame.weight)
    }

    /// Adds a finished node to its parent, or makes it the root.
    private mutating func attach(_ node: Node, at event: Event, counted: Bool = false) throws(Stop) {
        if !counted { try count(node.weight, at: event) }
        guard !stack.isEmpty else {
            root = node
            return
        }
        stack[stack.count - 1].weight += node.weight
        if !stack[stack.count - 1].isMapping {
            stack[stack.count - 1].items.append(node)
            return
        }
        guard let key = stack[stack.count - 1].pendingKey else {
            stack[stack.count - 1].pendingKey = node
            return
        }
        stack[stack.count - 1].pendingKey = nil
        if case .scalar("<<", .plain) = key.content, let sources = mergeSources(node) {
            stack[stack.count - 1].merged.append(contentsOf: sources)
            return
        }
        if let text = key.scalar, let first = stack[stack.count - 1].position(of: text) {
            let firstSpan = stack[stack.count - 1].pairs[first].key.span
            add(YAMLRules.duplicateKey, "duplicate key '\(text)' in this mapping", at: key.span,
                help: "remove one of the two entries or merge them",
                related: [Diagnostic.Related(span: firstSpan, message: "'\(text)' first defined here")])
            return
        }
        var value = node
        value.keySpan = key.span
        stack[stack.count - 1].append(Node.Pair(key: key, value: value))
    }

    /// The mappings a `<<` merge key brings in: one mapping, or a list of mappings.
    private func mergeSources(_ node: Node) -> [Node]? {
        switch node.content {
        case .mapping: return [node]
        case .sequence(let items) where items.allSatisfy({ if case .mapping = $0.content { true } else { false } }):
            return items
        default: return nil
        }
    }

    private mutating func count(_ weight: Int, at event: Event) throws(Stop) {
        expanded += weight
        if expanded > limits.maxExpandedNodes {
            add(YAMLRules.limit, "aliases expand to more than \(limits.maxExpandedNodes) nodes", at: span(event),
                help: "this looks like a 'billion laughs' file; use fewer nested aliases")
            throw Stop()
        }
    }

    private func span(_ event: Event) -> SourceSpan {
        SourceSpan(file: file, start: event.start, end: event.end)
    }

    private mutating func add(_ rule: RuleDescriptor, _ message: String, at span: SourceSpan, help: String?,
                              related: [Diagnostic.Related] = []) {
        diagnostics.append(Diagnostic(rule: rule.id, severity: rule.severity, message: message, span: span,
                                      help: help, related: related))
    }

    private mutating func report(syntax failure: ParserFailure) {
        if let tab = TabCheck.firstIndentationTab(in: bytes, upTo: failure.position.line) {
            add(YAMLRules.tab, "tab character in indentation", at: SourceSpan(file: file, start: tab, end: tab),
                help: "indent with spaces; YAML does not allow tabs here")
            return
        }
        let position = SourceSpan(file: file, start: failure.position, end: failure.position)
        var related: [Diagnostic.Related] = []
        if let context = failure.context, let at = failure.contextPosition, at != failure.position {
            related.append(Diagnostic.Related(span: SourceSpan(file: file, start: at, end: at), message: context))
        }
        let message = failure.context.map { at in
            related.isEmpty ? "\(failure.problem) \(at)" : failure.problem
        } ?? failure.problem
        add(YAMLRules.syntax, message, at: position, help: failure.help ?? SyntaxHelp.hint(for: failure.problem),
            related: related)
    }
}
