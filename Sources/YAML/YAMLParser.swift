package import Diagnostics

/// The result of reading one YAML file: its single document, if any, and what went wrong.
package struct YAMLDocument: Sendable {
    /// The composed document, or nil for an empty file or one that could not be read.
    package var tape: YAMLTape?
    /// The root node in `tape`.
    package var root: Node?
    package var diagnostics: [Diagnostic]
}

/// Reads YAML text into a `YAMLTape` with spans, through libyaml's event API.
package enum YAMLParser {
    /// Parses `bytes` as the one document of `file`, within `limits`.
    package static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = .standard) -> YAMLDocument {
        parse(bytes, fileID: SourceFileID(file), limits: limits)
    }

    /// Parses `bytes` as the one document of the interned file `fileID`, within `limits`.
    package static func parse(_ bytes: [UInt8], fileID: SourceFileID, limits: YAMLLimits = .standard) -> YAMLDocument {
        if bytes.count > limits.maxFileSize {
            return failed(YAMLRules.limit, "file is \(bytes.count) bytes; the limit is \(limits.maxFileSize) bytes",
                          at: .wholeFile(fileID), help: "split the policy or remove unused entries")
        }
        if let bad = UTF8Check.firstInvalidPosition(in: bytes) {
            return failed(YAMLRules.encoding, "invalid UTF-8 byte sequence",
                          at: SourceSpan(fileID: fileID, start: bad, end: bad), help: "save the file as UTF-8")
        }
        var composer = Composer(fileID: fileID, limits: limits, bytes: bytes)
        return composer.run()
    }

    /// Drains libyaml's events without building anything: the floor any libyaml-based loader pays.
    package static func countEvents(_ bytes: [UInt8]) -> Int? {
        LibYAMLParser(bytes: bytes).countEvents()
    }

    static func failed(_ rule: RuleDescriptor, _ message: String, at span: SourceSpan, help: String?,
                       related: [Diagnostic.Related] = []) -> YAMLDocument {
        YAMLDocument(tape: nil, root: nil, diagnostics: [
            Diagnostic(rule: rule.id, severity: rule.severity, message: message, span: span, help: help, related: related),
        ])
    }
}

/// Finds the first byte that is not valid UTF-8, as a line and column.
enum UTF8Check {
    static func firstInvalidPosition(in bytes: [UInt8]) -> SourcePosition? {
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return nil
            case .error:
                return SourcePosition(line: line, column: column)
            }
        }
    }
}
