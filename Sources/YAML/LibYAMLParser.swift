import CYAML
import Diagnostics

/// One event of libyaml's event stream, copied out of C memory.
struct Event {
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias(anchor: String)
        case scalar(value: String, style: ScalarStyle, tag: String?, anchor: String?)
        case sequenceStart(tag: String?, anchor: String?)
        case sequenceEnd
        case mappingStart(tag: String?, anchor: String?)
        case mappingEnd
    }

    var kind: Kind
    var start: SourcePosition
    var end: SourcePosition
}

/// A libyaml parse failure: the problem, where it was found, and the context it was found in.
struct ParserFailure: Error {
    var problem: String
    var position: SourcePosition
    var context: String?
    var contextPosition: SourcePosition?
    /// How to fix a problem whose help depends on more than its text, such as which control character it is.
    var help: String?
}

/// Owns one libyaml parser and the bytes it reads; frees both when released.
final class LibYAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>

    init(bytes: [UInt8]) {
        parser = .allocate(capacity: 1)
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        input.deallocate()
    }

    /// The next event, or the parser's failure.
    func next() throws(ParserFailure) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw failure() }
        defer { yaml_event_delete(&event) }
        return Event(kind: Self.kind(of: event), start: Self.position(event.start_mark), end: Self.position(event.end_mark))
    }

    /// Only the event types, for measuring the cost of libyaml itself; nil on a parse error.
    func countEvents() -> Int? {
        var count = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else { return nil }
            let type = event.type
            yaml_event_delete(&event)
            count += 1
            if type == YAML_STREAM_END_EVENT { return count }
        }
    }

    private func failure() -> ParserFailure {
        let p = parser.pointee
        // The reader (decoding, control characters) leaves `problem_mark` unset and gives a byte offset instead.
        if p.error == YAML_READER_ERROR {
            return readerFailure(p)
        }
        return ParserFailure(
            problem: p.problem.map { String(cString: $0) } ?? "unknown YAML error",
            position: Self.position(p.problem_mark),
            context: p.context.map { String(cString: $0) },
            contextPosition: p.context == nil ? nil : Self.position(p.context_mark))
    }

    private func readerFailure(_ p: yaml_parser_t) -> ParserFailure {
        let problem = p.problem.map { String(cString: $0) } ?? "unknown YAML error"
        let position = Self.position(ofByte: Int(p.problem_offset), in: UnsafeBufferPointer(input))
        guard problem == "control characters are not allowed", let scalar = Unicode.Scalar(UInt32(p.problem_value))
        else {
            return ParserFailure(problem: problem, position: position)
        }
        let code = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        return ParserFailure(
            problem: "control character U+\(padded) is not allowed", position: position,
            help: "delete it; a double-quoted value can hold it as the escape \"\\u\(padded)\"")
    }

    /// The line and column (counting characters) of the byte at `offset` in UTF-8 text.
    static func position(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    /// libyaml marks are 0-based and count characters; ours are 1-based.
    private static func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func kind(of event: yaml_event_t) -> Event.Kind {
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(anchor: string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let value = s.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: s.length), as: UTF8.self)
            } ?? ""
            return .scalar(value: value, style: style(s.style), tag: string(s.tag), anchor: string(s.anchor))
        case YAML_SEQUENCE_START_EVENT:
            let s = event.data.sequence_start
            return .sequenceStart(tag: string(s.tag), anchor: string(s.anchor))
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let m = event.data.mapping_start
            return .mappingStart(tag: string(m.tag), anchor: string(m.anchor))
        default: return .mappingEnd
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
