/// Splits a byte stream into JSON-RPC frames: `Content-Length: N\r\n\r\n` and N bytes of body.
///
/// Bytes arrive in chunks through `append(_:)`; `next()` gives each frame's body or error as soon as it is whole.
/// Other headers (such as `Content-Type`) are accepted and ignored, header names are matched without regard to
/// case. A header block without a usable `Content-Length` is skipped whole, and a body over the limit is
/// discarded as it arrives, so the next frame is read; a header block longer than its limit cannot be
/// resynchronised and ends the stream.
package struct JSONRPCFrameReader: Sendable {
    /// What `next()` found.
    package enum Event: Hashable, Sendable {
        case body([UInt8])
        case error(JSONRPCFrameError)
    }

    package static let maxHeaderBytes = 8 << 10
    package static let maxBodyBytes = 16 << 20

    private let maxHeaderBytes: Int
    private let maxBodyBytes: Int
    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer`.
    private var start = 0
    /// Body bytes still to be discarded after a body over the limit.
    private var skipping = 0
    /// The length of the body being read, once its header is.
    private var bodyLength: Int?
    private var ended = false
    private var failed = false

    package init(maxHeaderBytes: Int = Self.maxHeaderBytes, maxBodyBytes: Int = Self.maxBodyBytes) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// Adds bytes read from the stream.
    package mutating func append(_ bytes: some Sequence<UInt8>) {
        guard !failed else { return }
        buffer.append(contentsOf: bytes)
    }

    /// Marks the end of the stream: a frame cut short is reported once by `next()`.
    package mutating func finish() {
        ended = true
    }

    /// Whether no more frames can come: the stream ended and every frame was given, or it cannot be
    /// resynchronised.
    package var isExhausted: Bool {
        failed || (ended && start == buffer.count && bodyLength == nil && skipping == 0)
    }

    /// The next whole frame's body or error; nil when more bytes are needed.
    package mutating func next() -> Event? {
        guard !failed else { return nil }
        defer { compact() }
        if skipping > 0 {
            let skipped = min(skipping, buffer.count - start)
            start += skipped
            skipping -= skipped
            if skipping > 0 { return endOfStream() }
        }
        if bodyLength == nil {
            guard let headerEnd = headerEnd() else {
                if buffer.count - start > maxHeaderBytes { return fail(.headerTooLong(limit: maxHeaderBytes)) }
                return endOfStream()
            }
            guard headerEnd - start <= maxHeaderBytes else { return fail(.headerTooLong(limit: maxHeaderBytes)) }
            let header = Array(buffer[start..<headerEnd])
            start = headerEnd + 4
            switch Self.contentLength(header) {
            case .failure(let error):
                return .error(error)
            case .success(let length) where length > maxBodyBytes:
                skipping = length
                return .error(.bodyTooLarge(length: length, limit: maxBodyBytes))
            case .success(let length):
                bodyLength = length
            }
        }
        guard let length = bodyLength else { return nil }
        guard buffer.count - start >= length else { return endOfStream() }
        let body = Array(buffer[start..<start + length])
        start += length
        bodyLength = nil
        return .body(body)
    }

    /// At the end of the stream, the error for a frame cut short; otherwise nothing yet.
    private mutating func endOfStream() -> Event? {
        guard ended, start < buffer.count || bodyLength != nil || skipping > 0 else { return nil }
        return fail(.truncated)
    }

    private mutating func fail(_ error: JSONRPCFrameError) -> Event {
        failed = true
        buffer = []
        start = 0
        return .error(error)
    }

    /// Drops the bytes already read once they are most of the buffer.
    private mutating func compact() {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// Where the `\r\n\r\n` that ends the header block starts, if it has arrived.
    private func headerEnd() -> Int? {
        let limit = min(buffer.count, start + maxHeaderBytes + 4)
        var index = start
        while index + 3 < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The body length a header block declares.
    private static func contentLength(_ header: [UInt8]) -> Result<Int, JSONRPCFrameError> {
        var length: Int?
        for line in String(decoding: header, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else { return .failure(.malformedHeader(String(line))) }
            guard line[..<colon].trimmingSpaces.lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingSpaces
            guard !value.isEmpty, value.utf8.allSatisfy({ (48...57).contains($0) }), value.utf8.count <= 12,
                  let number = Int(value) else {
                return .failure(.invalidContentLength(String(value)))
            }
            length = number
        }
        return length.map { .success($0) } ?? .failure(.missingContentLength)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
