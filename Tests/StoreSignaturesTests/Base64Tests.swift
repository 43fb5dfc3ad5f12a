@testable import StoreSignatures
import Testing

/// The two alphabets a JWS uses, read strictly: what each accepts and what it refuses.
@Suite struct Base64Tests {
    @Test func base64urlReadsEveryLengthWithoutPadding() {
        #expect(Base64.decode(url: "") == [])
        #expect(Base64.decode(url: "Zg") == Array("f".utf8))
        #expect(Base64.decode(url: "Zm8") == Array("fo".utf8))
        #expect(Base64.decode(url: "Zm9v") == Array("foo".utf8))
        #expect(Base64.decode(url: "-_8") == [0xFB, 0xFF])
    }

    @Test func base64urlRefusesPaddingTheOtherAlphabetAndALoneDigit() {
        for text: Substring in ["Zg==", "+/8", "Zm9vY", "Zm 9v", "Zm9v\n", "é"] {
            #expect(Base64.decode(url: text) == nil, "\(text)")
        }
    }

    @Test func standardBase64ReadsPaddedText() {
        #expect(Base64.decode(standard: "") == [])
        #expect(Base64.decode(standard: "Zg==") == Array("f".utf8))
        #expect(Base64.decode(standard: "Zm8=") == Array("fo".utf8))
        #expect(Base64.decode(standard: "Zm9v") == Array("foo".utf8))
        #expect(Base64.decode(standard: "+/8=") == [0xFB, 0xFF])
    }

    @Test func standardBase64RefusesMissingOrMisplacedPaddingAndTheURLAlphabet() {
        for text: Substring in ["Zg", "Zm8", "Zg=", "Zg===", "Z===", "Zm9v====", "Zg==Zg==", "=Zg=", "-_8=", "Zm9vY"] {
            #expect(Base64.decode(standard: text) == nil, "\(text)")
        }
    }

    @Test func encodingIsReadBack() {
        let bytes: [UInt8] = (0..<256).map(UInt8.init)
        for count in [0, 1, 2, 3, 64, 255, 256] {
            let prefix = Array(bytes.prefix(count))
            let url = Base64.encodeURL(prefix)
            #expect(!url.contains("=") && !url.contains("+") && !url.contains("/"))
            #expect(Base64.decode(url: url) == prefix)
            #expect(Base64.decode(standard: Base64.encodeStandard(prefix)) == prefix)
        }
    }
}
