/// How serious a finding is.
package enum Severity: String, Hashable, Sendable, Codable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One finding about a user's files: what is wrong, where, and how to fix it.
package struct Diagnostic: Hashable, Sendable {
    /// A place related to the finding, such as the first occurrence of a duplicate.
    package struct Related: Hashable, Sendable {
        package var span: SourceSpan
        package var message: String

        package init(span: SourceSpan, message: String) {
            self.span = span
            self.message = message
        }
    }

    package var rule: String
    package var severity: Severity
    package var message: String
    package var span: SourceSpan
    package var help: String?
    package var related: [Related]

    package init(
        rule: String, severity: Severity, message: String, span: SourceSpan,
        help: String? = nil, related: [Related] = []
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.span = span
        self.help = help
        self.related = related
    }

    /// Orders findings by file, then position, then rule, so reports are stable.
    package static func sourceOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.span.fileID != rhs.span.fileID { return lhs.span.file < rhs.span.file }
        if lhs.span.start != rhs.span.start { return lhs.span.start < rhs.span.start }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}
