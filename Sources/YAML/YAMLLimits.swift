/// Bounds that keep hostile or accidental input from exhausting time or memory.
package struct YAMLLimits: Hashable, Sendable {
    /// The largest file accepted, in bytes.
    package var maxFileSize: Int
    /// The deepest nesting of mappings and sequences.
    package var maxDepth: Int
    /// The most nodes a document may hold once aliases are counted as expanded.
    package var maxExpandedNodes: Int

    package init(maxFileSize: Int = 8 << 20, maxDepth: Int = 256, maxExpandedNodes: Int = 1_000_000) {
        self.maxFileSize = maxFileSize
        self.maxDepth = maxDepth
        self.maxExpandedNodes = maxExpandedNodes
    }

    package static let standard = YAMLLimits()
}
