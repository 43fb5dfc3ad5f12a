import Foundation
import JSON

/// Runs a language server on two file descriptors until `exit` or the end of its input.
package enum StdioLoop {
    /// How long input must stay quiet after an edit before its diagnostics are computed, in milliseconds: long
    /// enough that the edits an editor sends back to back are validated once, short enough that findings follow a
    /// pause in typing within 50 ms on a 200-product policy.
    package static let debounceMilliseconds: Int32 = 20

    /// Reads frames from `input`, writes the server's messages to `output` as frames, and computes diagnostics
    /// once no input arrives for `debounceMilliseconds` after an edit, so a burst of edits is validated once.
    /// Returns the exit code: the server's after `exit`, 1 when the input ends or breaks first or `output`
    /// cannot be written.
    package static func run(_ server: inout LanguageServer, input: Int32, output: Int32,
                            debounceMilliseconds: Int32 = debounceMilliseconds) -> Int32 {
        var reader = JSONRPCFrameReader()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            while let event = reader.next() {
                guard write(server.handle(event), to: output) else { return 1 }
                if let code = server.exitCode { return code }
            }
            if reader.isExhausted { return 1 }
            if server.hasWorkDue, !inputArrives(on: input, within: debounceMilliseconds) {
                guard write(server.performDueWork(), to: output) else { return 1 }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                reader.append(chunk[0..<count])
            } else if count == 0 || errno != EINTR {
                reader.finish()
            }
        }
    }

    /// Whether `input` has bytes (or its end) to read within `milliseconds`.
    private static func inputArrives(on input: Int32, within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready >= 0 || errno != EINTR { return ready != 0 }
        }
    }

    /// Writes messages as frames; false when `output` cannot take them.
    private static func write(_ messages: [JSONValue], to output: Int32) -> Bool {
        for message in messages {
            let frame = JSONRPCFrameWriter.frame(message.jsonBytes)
            var written = 0
            while written < frame.count {
                let count = frame[written...].withUnsafeBytes { Foundation.write(output, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
        }
        return true
    }
}
