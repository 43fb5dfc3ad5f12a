import COpenSSL

/// OpenSSL's thread-local error queue, read and emptied after a failed call.
enum OpenSSLErrors {
    /// The reason of the oldest queued error (or `fallback` when none is queued); the queue is left empty.
    static func drain(or fallback: String) -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0, let reason = ERR_reason_error_string(code) else { return fallback }
        return String(cString: reason)
    }
}
