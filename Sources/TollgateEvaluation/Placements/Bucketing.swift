/// How an experiment assigns a user to a variant: the same as flagd's `fractional` with flag key = seed and
/// targeting key = user id, so every replica, device and flagd deployment puts a user in the same bucket.
///
/// The hash is MurmurHash3 x86 32-bit (seed 0) of the canonical CBOR encoding of the array `[seed, userID]`;
/// the bucket is `(hash × total) >> 32` in 64-bit arithmetic, `total` the sum of the weights; the first
/// variant, in declared order, whose running total of weights exceeds the bucket wins.
public enum Bucketing {
    /// The largest total of weights, as in flagd (a 32-bit signed integer's maximum).
    public static let maximumTotalWeight: UInt64 = 2_147_483_647

    /// The hash of `[seed, userID]` as canonical CBOR, computed without building the encoding.
    public static func hash(seed: String, userID: String) -> UInt32 {
        var hasher = MurmurHash3()
        hasher.append(0x82)
        appendTextHeader(seed.utf8.count, to: &hasher)
        hasher.append(utf8: seed)
        appendTextHeader(userID.utf8.count, to: &hasher)
        hasher.append(utf8: userID)
        return hasher.finalize()
    }

    /// The canonical CBOR encoding of `[seed, userID]`, the bytes `hash(seed:userID:)` hashes.
    public static func key(seed: String, userID: String) -> [UInt8] {
        var bytes: [UInt8] = [0x82]
        for text in [seed, userID] {
            bytes += textHeader(text.utf8.count)
            bytes += text.utf8
        }
        return bytes
    }

    /// The bucket of a hash among `total` equal slices: `(hash × total) >> 32`, always below `total`.
    public static func bucket(hash: UInt32, total: UInt64) -> UInt64 {
        (UInt64(hash) &* total) >> 32
    }

    /// The index of the variant that owns `bucket`: the first whose running total of `weights` exceeds it.
    public static func variant(weights: [UInt32], bucket: UInt64) -> Int? {
        var running: UInt64 = 0
        for (index, weight) in weights.enumerated() {
            running += UInt64(weight)
            if bucket < running { return index }
        }
        return nil
    }

    /// The head of a CBOR text string of `count` bytes in its shortest form (major type 3).
    static func textHeader(_ count: Int) -> [UInt8] {
        var hasher = HeaderBytes()
        appendTextHeader(count, to: &hasher)
        return hasher.bytes
    }

    @inline(__always)
    private static func appendTextHeader(_ count: Int, to sink: inout some ByteSink) {
        let length = UInt64(count)
        switch length {
        case ..<24:
            sink.append(0x60 | UInt8(length))
        case ..<0x100:
            sink.append(0x78)
            sink.append(UInt8(length))
        case ..<0x1_0000:
            sink.append(0x79)
            for shift in stride(from: 8, through: 0, by: -8) { sink.append(UInt8(truncatingIfNeeded: length >> shift)) }
        case ..<0x1_0000_0000:
            sink.append(0x7a)
            for shift in stride(from: 24, through: 0, by: -8) { sink.append(UInt8(truncatingIfNeeded: length >> shift)) }
        default:
            sink.append(0x7b)
            for shift in stride(from: 56, through: 0, by: -8) { sink.append(UInt8(truncatingIfNeeded: length >> shift)) }
        }
    }
}

/// Where CBOR header bytes go: straight into a hash, or into an array for tests and tools.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
}

extension MurmurHash3: ByteSink {}

private struct HeaderBytes: ByteSink {
    var bytes: [UInt8] = []

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }
}
