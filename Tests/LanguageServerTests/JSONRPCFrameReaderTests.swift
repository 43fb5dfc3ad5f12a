import LanguageServer
import Testing

/// Frames are read from any chunking of the stream, and a malformed frame is reported and skipped.
@Suite struct JSONRPCFrameReaderTests {
    static func events(_ stream: String, chunk: Int = .max, finish: Bool = true,
                       maxBodyBytes: Int = JSONRPCFrameReader.maxBodyBytes) -> [JSONRPCFrameReader.Event] {
        var reader = JSONRPCFrameReader(maxBodyBytes: maxBodyBytes)
        var events: [JSONRPCFrameReader.Event] = []
        let bytes = Array(stream.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + min(chunk, bytes.count))
            reader.append(bytes[offset..<end])
            offset = end
            while let event = reader.next() { events.append(event) }
        }
        if finish { reader.finish() }
        while let event = reader.next() { events.append(event) }
        return events
    }

    @Test(arguments: [1, 3, 7, 1000])
    func readsFramesWhateverTheChunks(chunk: Int) {
        let stream = "Content-Length: 2\r\n\r\n{}content-length:3\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[1]"
        #expect(Self.events(stream, chunk: chunk) == [.body(Array("{}".utf8)), .body(Array("[1]".utf8))])
    }

    @Test func aHeaderWithoutLengthIsReportedAndSkipped() {
        let stream = "Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}"
        #expect(Self.events(stream) == [.error(.missingContentLength), .body(Array("{}".utf8))])
    }

    @Test(arguments: ["-1", "abc", "", "1e3", "99999999999999999999"])
    func aBadLengthIsReportedAndSkipped(length: String) {
        let stream = "Content-Length: \(length)\r\n\r\nContent-Length: 2\r\n\r\n{}"
        #expect(Self.events(stream) == [.error(.invalidContentLength(length)), .body(Array("{}".utf8))])
    }

    @Test func aLineWithoutColonIsMalformed() {
        #expect(Self.events("garbage\r\n\r\nContent-Length: 1\r\n\r\n1")
            == [.error(.malformedHeader("garbage")), .body([UInt8(ascii: "1")])])
    }

    @Test func aBodyOverTheLimitIsSkippedAndTheNextFrameRead() {
        let stream = "Content-Length: 10\r\n\r\n0123456789Content-Length: 2\r\n\r\n{}"
        for chunk in [1, 4, 100] {
            #expect(Self.events(stream, chunk: chunk, maxBodyBytes: 5)
                == [.error(.bodyTooLarge(length: 10, limit: 5)), .body(Array("{}".utf8))])
        }
    }

    @Test func aTruncatedBodyIsReportedAtTheEnd() {
        #expect(Self.events("Content-Length: 10\r\n\r\n{}") == [.error(.truncated)])
        #expect(Self.events("Content-Length: 10\r\n\r\n{}", finish: false) == [])
        #expect(Self.events("Content-Len") == [.error(.truncated)])
    }

    @Test func aHeaderOverTheLimitEndsTheStream() {
        var reader = JSONRPCFrameReader()
        reader.append(Array(repeating: UInt8(ascii: "x"), count: JSONRPCFrameReader.maxHeaderBytes + 10))
        #expect(reader.next() == .error(.headerTooLong(limit: JSONRPCFrameReader.maxHeaderBytes)))
        #expect(reader.isExhausted)
        reader.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(reader.next() == nil)
    }

    @Test func theStreamIsExhaustedOnlyAfterItsEnd() {
        var reader = JSONRPCFrameReader()
        reader.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(reader.next() == .body(Array("{}".utf8)))
        #expect(!reader.isExhausted)
        reader.finish()
        #expect(reader.next() == nil)
        #expect(reader.isExhausted)
    }

    @Test func framesAreWrittenWithTheirByteLength() {
        let frame = JSONRPCFrameWriter.frame(Array("\"한\"".utf8))
        #expect(frame == Array("Content-Length: 5\r\n\r\n\"한\"".utf8))
        var reader = JSONRPCFrameReader()
        reader.append(frame)
        #expect(reader.next() == .body(Array("\"한\"".utf8)))
    }
}
