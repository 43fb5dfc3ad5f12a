/// Frames a JSON-RPC message for the stream: `Content-Length: N\r\n\r\n` and the body.
package enum JSONRPCFrameWriter {
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
