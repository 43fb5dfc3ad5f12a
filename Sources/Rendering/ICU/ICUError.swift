/// ICU refused to open a formatter: an unknown skeleton, locale or currency, or no memory.
package struct ICUError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being opened and ICU's error name, such as `U_NUMBER_SKELETON_SYNTAX_ERROR`.
    package var description: String
}

/// Calls a `cicu` function that writes UTF-8 into a buffer, growing the buffer once when it is too small.
///
/// Returns nil when ICU reports a failure (a negative length).
func readICUText(_ write: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
    var capacity: Int32 = 256
    for _ in 0..<2 {
        let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(capacity)) { buffer -> String?? in
            guard let base = buffer.baseAddress else { return .some(nil) }
            let length = write(base, capacity)
            guard length >= 0 else { return .some(nil) }
            guard length < capacity else {
                capacity = length + 1
                return nil
            }
            return .some(String(decoding: UnsafeRawBufferPointer(start: base, count: Int(length)), as: UTF8.self))
        }
        if let text { return text }
    }
    return nil
}

/// Opens a `cicu` handle, turning a NULL result and ICU's error name into an `ICUError`.
func openICUHandle(_ what: @autoclosure () -> String,
                   _ open: (UnsafeMutablePointer<CChar>, Int32) -> OpaquePointer?) throws(ICUError) -> OpaquePointer {
    var error = [CChar](repeating: 0, count: 64)
    let handle = error.withUnsafeMutableBufferPointer { buffer in open(buffer.baseAddress!, Int32(buffer.count)) }
    guard let handle else {
        let name = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw ICUError(description: "ICU cannot open \(what()): \(name)")
    }
    return handle
}
