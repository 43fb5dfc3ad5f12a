/// MurmurHash3's x86 32-bit variant, fed a byte at a time so a key can be hashed without being built.
///
/// `hash(_:)` of a whole buffer and any sequence of `append` calls over the same bytes give the same value.
public struct MurmurHash3: Sendable {
    private static let c1: UInt32 = 0xcc9e_2d51
    private static let c2: UInt32 = 0x1b87_3593

    private var state: UInt32
    private var pending: UInt32 = 0
    private var pendingCount: UInt32 = 0
    private var length: UInt32 = 0

    /// A hash with the given seed and no bytes yet.
    public init(seed: UInt32 = 0) {
        state = seed
    }

    /// The hash of `bytes` with `seed`.
    public static func hash(_ bytes: some Sequence<UInt8>, seed: UInt32 = 0) -> UInt32 {
        var hasher = MurmurHash3(seed: seed)
        let done: Void? = bytes.withContiguousStorageIfAvailable { hasher.append($0) }
        if done == nil {
            for byte in bytes { hasher.append(byte) }
        }
        return hasher.finalize()
    }

    /// Adds one byte; every fourth completes a little-endian block.
    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        pending |= UInt32(byte) << (pendingCount << 3)
        pendingCount += 1
        length &+= 1
        guard pendingCount == 4 else { return }
        state ^= Self.scramble(pending)
        state = (state << 13 | state >> 19) &* 5 &+ 0xe654_6b64
        pending = 0
        pendingCount = 0
    }

    /// Adds the bytes of `text`'s UTF-8 encoding, whole blocks at a time where the text is contiguous.
    @inline(__always)
    public mutating func append(utf8 text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in append(bytes) }
        if done == nil {
            for byte in text.utf8 { append(byte) }
        }
    }

    /// Adds `bytes`: a byte at a time until a block starts, then four bytes at a time.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while pendingCount != 0, index < bytes.count {
            append(bytes[index])
            index += 1
        }
        while index + 4 <= bytes.count {
            let block = UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
                | UInt32(bytes[index + 3]) << 24
            state ^= Self.scramble(block)
            state = (state << 13 | state >> 19) &* 5 &+ 0xe654_6b64
            length &+= 4
            index += 4
        }
        while index < bytes.count {
            append(bytes[index])
            index += 1
        }
    }

    /// The hash of the bytes appended so far.
    public func finalize() -> UInt32 {
        var hash = state
        if pendingCount > 0 { hash ^= Self.scramble(pending) }
        hash ^= length
        hash ^= hash >> 16
        hash &*= 0x85eb_ca6b
        hash ^= hash >> 13
        hash &*= 0xc2b2_ae35
        hash ^= hash >> 16
        return hash
    }

    @inline(__always)
    private static func scramble(_ block: UInt32) -> UInt32 {
        let mixed = block &* c1
        return (mixed << 15 | mixed >> 17) &* c2
    }
}
