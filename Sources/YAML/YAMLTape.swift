package import Diagnostics

/// A composed YAML document stored flat: one fixed-size record per node, in the order libyaml's events
/// complete them (children before their parent), with collections pointing at a shared list of child indexes.
///
/// This replaces a tree of boxed nodes. The composer appends a record when a node's last event arrives: a
/// scalar's text once as a `String`, a sequence's items or a mapping's keys and values (merge keys already
/// applied) as a run of indexes copied from its frame into `children`. An alias adds nothing but the index of
/// its anchor's record, so a repeated subtree is stored once however often it is used; its expanded size is
/// still counted against the limit. Readers hold `Node` handles and ask the tape for a node's content, span
/// and key; nothing is allocated per node besides a scalar's text when it is longer than a small string.
/// A loader keeps the tape only while it builds the model from it.
package struct YAMLTape: Sendable {
    /// What a record is.
    enum Kind: UInt8 {
        case scalar, sequence, mapping
    }

    struct Record {
        var start: SourcePosition
        var end: SourcePosition
        /// A scalar's index in `scalars`, or a collection's first index in `children`.
        var first: Int32
        /// A collection's number of items, or of keys and values (two per pair).
        var count: Int32
        /// Nodes in this subtree, aliases counted as expanded; bounds alias expansion.
        var weight: Int32
        var kind: Kind
        var style: ScalarStyle
        /// Whether the node was written with the explicit `!!str` tag.
        var isStringTagged: Bool
    }

    package let fileID: SourceFileID
    var records: [Record] = []
    var children: [Int32] = []
    var scalars: [String] = []

    /// An empty tape of the file `fileID`, with no nodes yet.
    package init(fileID: SourceFileID) {
        self.fileID = fileID
    }

    /// A node's content: a scalar's text and style, a sequence's items or a mapping's pairs.
    package enum Content: Equatable {
        case scalar(String, ScalarStyle)
        case sequence(Items)
        case mapping(Pairs)
    }

    /// The items of a sequence, as node handles.
    package struct Items: RandomAccessCollection, Equatable, Sendable {
        let indexes: ArraySlice<Int32>

        /// No items, for a value that is not a list.
        package static let empty = Items(indexes: [])

        package var startIndex: Int { 0 }
        package var endIndex: Int { indexes.count }
        package subscript(position: Int) -> Node { Node(index: indexes[indexes.startIndex + position]) }
    }

    /// The keys and values of a mapping in source order, each value carrying its key.
    package struct Pairs: RandomAccessCollection, Equatable, Sendable {
        let indexes: ArraySlice<Int32>

        package var startIndex: Int { 0 }
        package var endIndex: Int { indexes.count / 2 }
        package subscript(position: Int) -> (key: Node, value: Node) {
            let key = indexes[indexes.startIndex + 2 * position]
            return (Node(index: key), Node(index: indexes[indexes.startIndex + 2 * position + 1], key: key))
        }
    }

    package func content(_ node: Node) -> Content {
        let record = records[Int(node.index)]
        switch record.kind {
        case .scalar: return .scalar(scalars[Int(record.first)], record.style)
        case .sequence: return .sequence(Items(indexes: slice(record)))
        case .mapping: return .mapping(Pairs(indexes: slice(record)))
        }
    }

    private func slice(_ record: Record) -> ArraySlice<Int32> {
        children[Int(record.first)..<Int(record.first + record.count)]
    }

    /// The scalar's text, if the node is a scalar.
    package func scalar(_ node: Node) -> String? {
        let record = records[Int(node.index)]
        return record.kind == .scalar ? scalars[Int(record.first)] : nil
    }

    /// The nodes in the subtree, aliases counted as expanded.
    package func weight(_ node: Node) -> Int { Int(records[Int(node.index)].weight) }

    /// Whether the node is a mapping.
    package func isMapping(_ node: Node) -> Bool { records[Int(node.index)].kind == .mapping }

    /// Whether the node was written with the explicit `!!str` tag.
    package func isStringTagged(_ node: Node) -> Bool { records[Int(node.index)].isStringTagged }

    /// Where the node was written.
    package func span(_ node: Node) -> SourceSpan {
        let record = records[Int(node.index)]
        return SourceSpan(fileID: fileID, start: record.start, end: record.end)
    }

    /// The span of the key this node is the value of, when it is a mapping's value.
    ///
    /// A finding about a whole mapping (a required key is missing) points here: a block mapping's own span
    /// starts at its first key, which is a neighbour of what is missing, not its owner.
    package func keySpan(_ node: Node) -> SourceSpan? {
        node.key < 0 ? nil : span(Node(index: node.key))
    }

    /// Where the scalar's characters can be read back from `text`, or nil when the node is not a scalar.
    package func scalarSource(_ node: Node, in text: SourceText) -> ScalarSource? {
        let record = records[Int(node.index)]
        guard record.kind == .scalar else { return nil }
        return ScalarSource(text: text, style: record.style)
    }

    /// What kind of node this is, in words for messages: "null", "a scalar", "a list", "a mapping".
    package func kindDescription(_ node: Node) -> String {
        switch content(node) {
        case .scalar(let text, let style):
            style == .plain && YAMLScalar.isNull(text) ? "null" : "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
