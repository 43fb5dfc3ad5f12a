/// A 1-based line and column; columns count Unicode scalars (characters as a reader counts them).
///
/// Stored as two `UInt32`s, which hold any file the YAML layer accepts, so that a span is small and trivially
/// copyable; the `Int` API is what the rest of the code base computes with.
package struct SourcePosition: Hashable, Sendable, Comparable, Codable {
    private var storedLine: UInt32
    private var storedColumn: UInt32

    package var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(truncatingIfNeeded: newValue) }
    }

    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(truncatingIfNeeded: newValue) }
    }

    package init(line: Int, column: Int) {
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
    }

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }

    private enum CodingKeys: String, CodingKey {
        case line, column
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line),
                  column: try container.decode(Int.self, forKey: .column))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}

/// A range of source text in one file; `end` is exclusive.
///
/// The file is an interned `SourceFileID`, so a span holds no reference and copying one costs no
/// retain or release; `file` reads the path back.
package struct SourceSpan: Hashable, Sendable, Codable {
    package var fileID: SourceFileID
    package var start: SourcePosition
    package var end: SourcePosition

    package init(fileID: SourceFileID, start: SourcePosition, end: SourcePosition) {
        self.fileID = fileID
        self.start = start
        self.end = end
    }

    package init(file: String, start: SourcePosition, end: SourcePosition) {
        self.init(fileID: SourceFileID(file), start: start, end: end)
    }

    /// The file's path.
    package var file: String {
        get { fileID.path }
        set { fileID = SourceFileID(newValue) }
    }

    /// The whole-file span: line 1, column 1, for problems that belong to no one value.
    package static func wholeFile(_ file: String) -> SourceSpan {
        wholeFile(SourceFileID(file))
    }

    /// The whole-file span of an interned file.
    package static func wholeFile(_ fileID: SourceFileID) -> SourceSpan {
        SourceSpan(fileID: fileID, start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
    }

    private enum CodingKeys: String, CodingKey {
        case file, start, end
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(file: try container.decode(String.self, forKey: .file),
                  start: try container.decode(SourcePosition.self, forKey: .start),
                  end: try container.decode(SourcePosition.self, forKey: .end))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
    }
}
