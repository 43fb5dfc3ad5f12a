/// Why a frame of the byte stream could not be read.
package enum JSONRPCFrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The header block has no `Content-Length`.
    case missingContentLength
    /// `Content-Length` is not a decimal number of bytes.
    case invalidContentLength(String)
    /// A header line is not `Name: value`.
    case malformedHeader(String)
    /// The header block runs past its limit without ending in an empty line.
    case headerTooLong(limit: Int)
    /// The body is longer than the limit; it is skipped.
    case bodyTooLarge(length: Int, limit: Int)
    /// The stream ended inside a frame.
    case truncated

    package var description: String {
        switch self {
        case .missingContentLength: "frame header has no Content-Length"
        case .invalidContentLength(let value): "invalid Content-Length '\(value)'"
        case .malformedHeader(let line): "malformed header line '\(line)'"
        case .headerTooLong(let limit): "frame header longer than \(limit) bytes"
        case .bodyTooLarge(let length, let limit): "frame body of \(length) bytes; the limit is \(limit) bytes"
        case .truncated: "the stream ended inside a frame"
        }
    }
}
