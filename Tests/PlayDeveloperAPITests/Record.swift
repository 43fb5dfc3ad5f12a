import Testing

/// Records `message` as an issue, returning nothing, for `guard … else { return record(…) }`.
func record(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
