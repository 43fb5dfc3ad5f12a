import Testing
import TestSupport
@testable import TollgateEvaluation

/// Assignment is flagd's `fractional`: MurmurHash3 x86 32-bit over the canonical CBOR of `[seed, user id]`.
@Suite struct BucketingTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var seed: UInt32
        var hash: UInt32
        var testDescription: String { "\(bytes.count) bytes, seed \(seed)" }
    }

    /// The algorithm's published reference vectors, each length modulo 4 and several seeds.
    static let vectors: [Vector] = [
        Vector(bytes: [], seed: 0, hash: 0),
        Vector(bytes: [], seed: 1, hash: 0x514E_28B7),
        Vector(bytes: [], seed: 0xFFFF_FFFF, hash: 0x81F1_6F39),
        Vector(bytes: [0, 0, 0, 0], seed: 0, hash: 0x2362_F9DE),
        Vector(bytes: [0, 0, 0], seed: 0, hash: 0x85F0_B427),
        Vector(bytes: [0, 0], seed: 0, hash: 0x30F4_C306),
        Vector(bytes: [0], seed: 0, hash: 0x514E_28B7),
        Vector(bytes: [0xFF, 0xFF, 0xFF, 0xFF], seed: 0, hash: 0x7629_3B50),
        Vector(bytes: [0x21, 0x43, 0x65, 0x87], seed: 0, hash: 0xF55B_516B),
        Vector(bytes: [0x21, 0x43, 0x65, 0x87], seed: 0x5082_EDEE, hash: 0x2362_F9DE),
        Vector(bytes: [0x21, 0x43, 0x65], seed: 0, hash: 0x7E4A_8634),
        Vector(bytes: [0x21, 0x43], seed: 0, hash: 0xA0F7_B07A),
        Vector(bytes: [0x21], seed: 0, hash: 0x7266_1CF4),
        Vector(bytes: Array("aaaa".utf8), seed: 0x9747_B28C, hash: 0x5A97_808A),
        Vector(bytes: Array("aaa".utf8), seed: 0x9747_B28C, hash: 0x283E_0130),
        Vector(bytes: Array("aa".utf8), seed: 0x9747_B28C, hash: 0x5D21_1726),
        Vector(bytes: Array("a".utf8), seed: 0x9747_B28C, hash: 0x7FA0_9EA6),
        Vector(bytes: Array("abcd".utf8), seed: 0x9747_B28C, hash: 0xF047_8627),
        Vector(bytes: Array("abc".utf8), seed: 0x9747_B28C, hash: 0xC84A_62DD),
        Vector(bytes: Array("ab".utf8), seed: 0x9747_B28C, hash: 0x7487_5592),
        Vector(bytes: Array("abc".utf8), seed: 0, hash: 0xB3DD_93FA),
        Vector(bytes: Array("Hello, world!".utf8), seed: 0x9747_B28C, hash: 0x2488_4CBA),
        Vector(bytes: Array("ππππππππ".utf8), seed: 0x9747_B28C, hash: 0xD580_63C1),
        Vector(bytes: Array(repeating: UInt8(ascii: "a"), count: 256), seed: 0x9747_B28C, hash: 0x3740_5BDC),
        Vector(bytes: Array("The quick brown fox jumps over the lazy dog".utf8), seed: 0x9747_B28C, hash: 0x2FA8_26CD),
    ]

    @Test("MurmurHash3 x86 32-bit matches the reference vectors", arguments: vectors)
    func referenceVectors(_ vector: Vector) {
        #expect(MurmurHash3.hash(vector.bytes, seed: vector.seed) == vector.hash)
    }

    @Test("the CBOR key uses the shortest text-string head at every length boundary",
          arguments: [(0, [0x60]), (23, [0x77]), (24, [0x78, 24]), (255, [0x78, 255]), (256, [0x79, 1, 0]),
                      (65535, [0x79, 255, 255]), (65536, [0x7A, 0, 1, 0, 0])] as [(Int, [UInt8])])
    func cborHeads(length: Int, head: [UInt8]) {
        let user = String(repeating: "u", count: length)
        let key = Bucketing.key(seed: "s", userID: user)
        #expect(Array(key.prefix(3)) == [0x82, 0x61, UInt8(ascii: "s")])
        #expect(Array(key.dropFirst(3).prefix(head.count)) == head)
        #expect(key.count == 3 + head.count + length)
        #expect(Bucketing.hash(seed: "s", userID: user) == MurmurHash3.hash(key))
    }

    @Test("the hash streams the CBOR key byte for byte, for non-ASCII ids too",
          arguments: ["", "u-1", "rachel@faas.com", "사용자-7", "👩‍💻", String(repeating: "é", count: 40)])
    func streamedHashEqualsTheKeysHash(_ user: String) {
        #expect(Bucketing.hash(seed: "jp-yearly-price", userID: user)
                == MurmurHash3.hash(Bucketing.key(seed: "jp-yearly-price", userID: user)))
    }

    struct Assignment: Sendable {
        var user: String
        var hash: UInt32
        var bucket: UInt64
        var variant: String
    }

    @Test("the documented example: seed headerColor, four colours at 25 each",
          arguments: [Assignment(user: "rachel@faas.com", hash: 917_019_614, bucket: 21, variant: "red"),
                      Assignment(user: "monica@faas.com", hash: 3_278_605_191, bucket: 76, variant: "yellow"),
                      Assignment(user: "joey@faas.com", hash: 3_406_706_986, bucket: 79, variant: "yellow"),
                      Assignment(user: "ross@faas.com", hash: 2_631_691_112, bucket: 61, variant: "green")])
    func documentedExample(_ expected: Assignment) {
        let colours = ["red", "blue", "green", "yellow"]
        let hash = Bucketing.hash(seed: "headerColor", userID: expected.user)
        let bucket = Bucketing.bucket(hash: hash, total: 100)
        #expect(hash == expected.hash)
        #expect(bucket == expected.bucket)
        #expect(Bucketing.variant(weights: [25, 25, 25, 25], bucket: bucket).map { colours[$0] } == expected.variant)
    }

    @Test("buckets stay below the total, and a zero weight owns no bucket")
    func bucketEdges() {
        #expect(Bucketing.bucket(hash: .max, total: Bucketing.maximumTotalWeight) == Bucketing.maximumTotalWeight - 1)
        #expect(Bucketing.bucket(hash: 0, total: 7) == 0)
        #expect(Bucketing.variant(weights: [0, 5, 0, 5], bucket: 0) == 1)
        #expect(Bucketing.variant(weights: [0, 5, 0, 5], bucket: 5) == 3)
        #expect(Bucketing.variant(weights: [5, 5], bucket: 10) == nil)
    }

    @Test("over 100,000 ids each variant's share is within 1% of its weight")
    func sharesFollowWeights() {
        let weights: [UInt32] = [45, 45, 10]
        var counts = [0, 0, 0]
        for index in 1...100_000 {
            let bucket = Bucketing.bucket(hash: Bucketing.hash(seed: "jp-yearly-price", userID: "user-\(index)"), total: 100)
            counts[Bucketing.variant(weights: weights, bucket: bucket)!] += 1
        }
        for (count, weight) in zip(counts, weights) {
            #expect(abs(Double(count) / 100_000 - Double(weight) / 100) < 0.01, "\(counts)")
        }
    }

    @Test("a new seed moves about 1 - Σ share² of users")
    func reseedingMovesTheExpectedShare() {
        let weights: [UInt32] = [50, 30, 20]
        var moved = 0
        let users = 100_000
        for index in 1...users {
            let user = "user-\(index)"
            let before = Bucketing.variant(weights: weights, bucket: Bucketing.bucket(
                hash: Bucketing.hash(seed: "pricing", userID: user), total: 100))
            let after = Bucketing.variant(weights: weights, bucket: Bucketing.bucket(
                hash: Bucketing.hash(seed: "pricing-2", userID: user), total: 100))
            if before != after { moved += 1 }
        }
        let expected = 1 - (0.5 * 0.5 + 0.3 * 0.3 + 0.2 * 0.2)
        #expect(abs(Double(moved) / Double(users) - expected) < 0.01, "\(moved) of \(users) moved")
    }
}

/// The share of users an experiment change moves, exact from the bucket ranges.
@Suite struct ReassignmentTests {
    static func experiment(_ seed: String, _ variants: [(String, UInt32)]) -> PolicyBundle.Experiment {
        PolicyBundle.Experiment(id: "e", seed: seed, status: .running, winner: nil,
                                variants: variants.map { .init(id: $0.0, paywall: nil, weight: $0.1) })
    }

    @Test("the hash ranges cover every hash once, and each matches the buckets of its variant")
    func rangesMatchBuckets() {
        let weights: [UInt32] = [45, 0, 45, 10]
        let ranges = Bucketing.hashRanges(weights: weights)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == UInt64(1) << 32)
        for (left, right) in zip(ranges, ranges.dropFirst()) { #expect(left.upperBound == right.lowerBound) }
        #expect(ranges[1].isEmpty)
        for range in ranges where !range.isEmpty {
            let index = ranges.firstIndex(of: range)!
            for hash in [range.lowerBound, range.upperBound - 1] {
                #expect(Bucketing.variant(weights: weights, bucket: Bucketing.bucket(hash: UInt32(hash), total: 100)) == index)
            }
        }
    }

    static func variant(_ variants: [(String, UInt32)], _ hash: UInt32) -> Int {
        let weights = variants.map(\.1)
        let bucket = Bucketing.bucket(hash: hash, total: weights.reduce(UInt64(0)) { $0 + UInt64($1) })
        return Bucketing.variant(weights: weights, bucket: bucket)!
    }

    @Test("the computed share equals the share of 100,000 users that really move",
          arguments: [([("a", 50), ("b", 50)], [("a", 60), ("b", 40)]),
                      ([("a", 45), ("b", 45), ("c", 10)], [("a", 45), ("c", 10), ("b", 45)]),
                      ([("a", 1), ("b", 1)], [("a", 1), ("b", 1), ("c", 1)]),
                      ([("a", 50), ("b", 50)], [("b", 50), ("a", 50)])] as [([(String, UInt32)], [(String, UInt32)])])
    func exactShare(old: [(String, UInt32)], new: [(String, UInt32)]) {
        let before = Self.experiment("s", old)
        let after = Self.experiment("s", new)
        var moved = 0
        for index in 1...100_000 {
            let hash = Bucketing.hash(seed: "s", userID: "user-\(index)")
            if old[Self.variant(old, hash)].0 != new[Self.variant(new, hash)].0 { moved += 1 }
        }
        #expect(abs(Bucketing.movedShare(from: before, to: after) - Double(moved) / 100_000) < 0.005)
    }

    @Test("nothing moves when nothing changes; a new seed moves 1 - Σ share²")
    func extremes() {
        let split = Self.experiment("s", [("a", 50), ("b", 30), ("c", 20)])
        #expect(Bucketing.movedShare(from: split, to: split) == 0)
        let reseeded = Self.experiment("t", [("a", 50), ("b", 30), ("c", 20)])
        #expect(abs(Bucketing.movedShare(from: split, to: reseeded) - 0.62) < 1e-9)
        #expect(Bucketing.movedShare(from: split, to: Self.experiment("s", [("x", 1)])) == 1)
    }
}
