import Diagnostics

/// Builds a `YAMLTape` from libyaml's events, enforcing the limits and YAML rules libyaml leaves to callers:
/// duplicate keys, nesting depth, alias expansion, undefined aliases, one document per file, merge keys.
///
/// Open collections are frames on a stack; their finished children wait as record indexes in one shared
/// buffer (a mapping's as key, value, key, value…), so composing allocates nothing per collection. When a
/// collection ends, its run of the buffer moves to the tape's `children` and the collection gets its record.
struct Composer {
    private struct Frame {
        var isMapping: Bool
        var start: SourcePosition
        var isStringTagged: Bool
        var anchor: String?
        /// Where this frame's children start in `pending`.
        var base: Int
        var pendingKey: Int32?
        /// Positions of keys (counted in pairs), built once a mapping is large enough for lookups to matter.
        var keyIndex: [String: Int]?
        /// Records of the mappings `<<` merges in, in order.
        var merged: [Int32] = []
        var weight: Int32 = 1
    }

    private struct Stop: Error {}

    /// Mappings with more keys than this index them for duplicate checks; smaller ones search.
    private static let indexThreshold = 16

    let fileID: SourceFileID
    let limits: YAMLLimits
    let bytes: [UInt8]
    private var tape: YAMLTape
    private var stack: [Frame] = []
    private var pending: [Int32] = []
    private var anchors: [String: Int32] = [:]
    private var root: Int32?
    private var expanded = 0
    private var diagnostics: [Diagnostic] = []

    init(fileID: SourceFileID, limits: YAMLLimits, bytes: [UInt8]) {
        self.fileID = fileID
        self.limits = limits
        self.bytes = bytes
        tape = YAMLTape(fileID: fileID)
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
                    guard let index = anchors[anchor] else {
                        add(YAMLRules.alias, "alias '*\(anchor)' names no anchor defined before it", at: span(event),
                            help: Suggestion.didYouMean(anchor, in: anchors.keys).map { "\($0)" }
                                ?? "define '&\(anchor)' on an earlier node")
                        throw Stop()
                    }
                    try attach(index, at: event)
                case .scalar(let value, let style, let tag, let anchor):
                    let index = append(YAMLTape.Record(
                        start: event.start, end: event.end, first: Int32(tape.scalars.count), count: 0, weight: 1,
                        kind: .scalar, style: style, isStringTagged: tag == YAMLScalar.stringTag))
                    tape.scalars.append(value)
                    if let anchor { anchors[anchor] = index }
                    try attach(index, at: event)
                case .sequenceStart(let tag, let anchor):
                    try open(isMapping: false, tag: tag, anchor: anchor, at: event)
                case .mappingStart(let tag, let anchor):
                    try open(isMapping: true, tag: tag, anchor: anchor, at: event)
                case .sequenceEnd, .mappingEnd:
                    let frame = stack.removeLast()
                    let index = close(frame, end: event.end)
                    if let anchor = frame.anchor { anchors[anchor] = index }
                    try attach(index, at: event, counted: true)
                }
            }
        } catch {
            return YAMLDocument(tape: nil, root: nil, diagnostics: diagnostics)
        }
        return YAMLDocument(tape: root == nil ? nil : tape, root: root.map { Node(index: $0) },
                            diagnostics: diagnostics)
    }

    private mutating func append(_ record: YAMLTape.Record) -> Int32 {
        tape.records.append(record)
        return Int32(tape.records.count - 1)
    }

    private mutating func open(isMapping: Bool, tag: String?, anchor: String?, at event: Event) throws(Stop) {
        if stack.count >= limits.maxDepth {
            add(YAMLRules.limit, "nesting is deeper than \(limits.maxDepth) levels", at: span(event),
                help: "flatten the structure; no policy needs this depth")
            throw Stop()
        }
        try count(1, at: event)
        stack.append(Frame(isMapping: isMapping, start: event.start, isStringTagged: tag == YAMLScalar.stringTag,
                           anchor: anchor, base: pending.count))
    }

    /// Moves a finished collection's children to the tape, after the pairs its merge keys bring in.
    private mutating func close(_ frame: Frame, end: SourcePosition) -> Int32 {
        let first = Int32(tape.children.count)
        tape.children.append(contentsOf: pending[frame.base...])
        pending.removeSubrange(frame.base...)
        if !frame.merged.isEmpty {
            var keys = Set<String>()
            for position in stride(from: Int(first), to: tape.children.count, by: 2) {
                if let key = tape.scalar(Node(index: tape.children[position])) { keys.insert(key) }
            }
            for source in frame.merged {
                let record = tape.records[Int(source)]
                for position in stride(from: Int(record.first), to: Int(record.first + record.count), by: 2) {
                    let key = tape.children[position]
                    if let text = tape.scalar(Node(index: key)), keys.insert(text).inserted {
                        tape.children.append(key)
                        tape.children.append(tape.children[position + 1])
                    }
                }
            }
        }
        return append(YAMLTape.Record(
            start: frame.start, end: end, first: first, count: Int32(tape.children.count) - first,
            weight: frame.weight, kind: frame.isMapping ? .mapping : .sequence, style: .plain,
            isStringTagged: frame.isStringTagged))
    }

    /// Adds a finished node to its parent, or makes it the root.
    private mutating func attach(_ index: Int32, at event: Event, counted: Bool = false) throws(Stop) {
        let weight = tape.records[Int(index)].weight
        if !counted { try count(Int(weight), at: event) }
        guard !stack.isEmpty else {
            root = index
            return
        }
        let top = stack.count - 1
        stack[top].weight += weight
        if !stack[top].isMapping {
            pending.append(index)
            return
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = index
            return
        }
        stack[top].pendingKey = nil
        let keyRecord = tape.records[Int(key)]
        if keyRecord.kind == .scalar, keyRecord.style == .plain, tape.scalar(Node(index: key)) == "<<",
           let sources = mergeSources(index) {
            stack[top].merged.append(contentsOf: sources)
            return
        }
        if let text = tape.scalar(Node(index: key)), let first = position(of: text, in: top) {
            let firstSpan = tape.span(Node(index: pending[stack[top].base + 2 * first]))
            add(YAMLRules.duplicateKey, "duplicate key '\(text)' in this mapping", at: tape.span(Node(index: key)),
                help: "remove one of the two entries or merge them",
                related: [Diagnostic.Related(span: firstSpan, message: "'\(text)' first defined here")])
            return
        }
        pending.append(key)
        pending.append(index)
        indexKey(in: top)
    }

    /// Where the key `text` already is among the pairs of the frame at `level`, counted in pairs.
    private func position(of text: String, in level: Int) -> Int? {
        if let keyIndex = stack[level].keyIndex { return keyIndex[text] }
        let base = stack[level].base
        for position in stride(from: base, to: pending.count, by: 2)
        where tape.scalar(Node(index: pending[position])) == text {
            return (position - base) / 2
        }
        return nil
    }

    /// Records the key just added to the frame at `level`, indexing all its keys once there are enough.
    private mutating func indexKey(in level: Int) {
        let base = stack[level].base
        let pairs = (pending.count - base) / 2
        if stack[level].keyIndex != nil {
            if let key = tape.scalar(Node(index: pending[pending.count - 2])) {
                stack[level].keyIndex?[key] = pairs - 1
            }
        } else if pairs > Self.indexThreshold {
            var keyIndex: [String: Int] = [:]
            for pair in 0..<pairs {
                if let key = tape.scalar(Node(index: pending[base + 2 * pair])), keyIndex[key] == nil {
                    keyIndex[key] = pair
                }
            }
            stack[level].keyIndex = keyIndex
        }
    }

    /// The mappings a `<<` merge key brings in: one mapping, or a list of mappings.
    private func mergeSources(_ index: Int32) -> [Int32]? {
        let record = tape.records[Int(index)]
        switch record.kind {
        case .mapping:
            return [index]
        case .sequence:
            let items = Array(tape.children[Int(record.first)..<Int(record.first + record.count)])
            return items.allSatisfy({ tape.records[Int($0)].kind == .mapping }) ? items : nil
        case .scalar:
            return nil
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
        SourceSpan(fileID: fileID, start: event.start, end: event.end)
    }

    private func point(_ position: SourcePosition) -> SourceSpan {
        SourceSpan(fileID: fileID, start: position, end: position)
    }

    private mutating func add(_ rule: RuleDescriptor, _ message: String, at span: SourceSpan, help: String?,
                              related: [Diagnostic.Related] = []) {
        diagnostics.append(Diagnostic(rule: rule.id, severity: rule.severity, message: message, span: span,
                                      help: help, related: related))
    }

    private mutating func report(syntax failure: ParserFailure) {
        if let tab = TabCheck.firstIndentationTab(in: bytes, upTo: failure.position.line) {
            add(YAMLRules.tab, "tab character in indentation", at: point(tab),
                help: "indent with spaces; YAML does not allow tabs here")
            return
        }
        var related: [Diagnostic.Related] = []
        if let context = failure.context, let at = failure.contextPosition, at != failure.position {
            related.append(Diagnostic.Related(span: point(at), message: context))
        }
        let message = failure.context.map { at in
            related.isEmpty ? "\(failure.problem) \(at)" : failure.problem
        } ?? failure.problem
        add(YAMLRules.syntax, message, at: point(failure.position),
            help: failure.help ?? SyntaxHelp.hint(for: failure.problem), related: related)
    }
}
