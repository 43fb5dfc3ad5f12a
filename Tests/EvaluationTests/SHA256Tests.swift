import Foundation
import Testing
import TestSupport
@testable import TollgateEvaluation

/// `/usr/bin/sha256sum`, run as a separate process, as the reference implementation.
enum SystemSHA256 {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let path = "/usr/bin/sha256sum"

    /// The hex digest `sha256sum` prints for `bytes` read from its standard input.
    static func hex(_ bytes: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // sha256sum prints only after reading everything, so writing first cannot deadlock.
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let line = String(data: printed, encoding: .utf8),
              let digest = line.split(separator: " ").first, digest.count == 64 else {
            throw Failure(description: "sha256sum failed with status \(process.terminationStatus)")
        }
        return String(digest)
    }
}

/// A message and its digest from FIPS 180-4's examples (and the NIST test vectors).
struct DigestCase: Sendable, CustomTestStringConvertible {
    var name: String
    var message: [UInt8]
    var hex: String

    var testDescription: String { name }
}

@Suite("SHA256: FIPS 180-4 vectors and agreement with sha256sum")
struct SHA256Tests {
    static let fipsVectors: [DigestCase] = [
        DigestCase(name: "empty", message: [],
                   hex: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        DigestCase(name: "abc", message: Array("abc".utf8),
                   hex: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        DigestCase(name: "448 bits, two blocks", message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
                   hex: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        DigestCase(
            name: "896 bits",
            message: Array(("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                + "mnopqrstnopqrstu").utf8),
            hex: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        DigestCase(name: "one million 'a'", message: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
                   hex: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ]

    @Test("FIPS test vectors", arguments: fipsVectors)
    func vectors(_ vector: DigestCase) {
        #expect(SHA256.hex(vector.message) == vector.hex)
        #expect(SHA256.digest(vector.message).count == 32)
    }

    /// Lengths around the padding boundaries: 55 bytes is the most that fits one block with its length.
    @Test("agrees with sha256sum around block and padding boundaries",
          arguments: [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1_000])
    func boundaries(_ length: Int) throws {
        var generator = SplitMix64(seed: UInt64(length))
        let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        #expect(SHA256.hex(bytes) == (try SystemSHA256.hex(bytes)))
    }

    @Test("the hex form is the digest's bytes, two lowercase digits each, leading zeros kept")
    func hexForm() {
        let message = Array("abc".utf8)
        let digest = SHA256.digest(message)
        #expect(SHA256.hex(message) == digest.map { String(format: "%02x", $0) }.joined())
        #expect(SHA256.hex([]).hasPrefix("e3b0c442"))
        #expect(SHA256.hex(Array("abc".utf8)).allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test("hashes any collection of bytes, not only arrays")
    func collections() {
        let text = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hex(text.utf8) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("xabcx".utf8)[1..<4]) == SHA256.hex(Array("abc".utf8)))
    }
}
