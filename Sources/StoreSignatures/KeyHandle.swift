import COpenSSL

/// Owns one OpenSSL key (private, or a public one from a key set) and frees it with the last reference.
///
/// `@unchecked Sendable` is safe: the key is never changed after it is read, and each signature or verification uses
/// a context of its own, so threads never share mutable OpenSSL state through it.
final class KeyHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }
}
