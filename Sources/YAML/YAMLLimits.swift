package import Diagnostics

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

    /// The finding for the file `path` of `size` bytes when it is over `maxFileSize`, which is then not read;
    /// nil when it is within the limit. Every reader of policy files reports the one wording.
    package func oversize(_ path: String, size: Int) -> Diagnostic? {
        guard size > maxFileSize else { return nil }
        return Diagnostic(rule: YAMLRules.limit.id, severity: .error,
                          message: "file is \(size) bytes; the limit is \(maxFileSize) bytes", span: .wholeFile(path),
                          help: "split the policy or remove unused entries")
    }
}
