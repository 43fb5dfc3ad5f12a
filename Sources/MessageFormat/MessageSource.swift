/// A message's text as scalars, for the parser's positions, and as UTF-8, for slicing out strings.
struct MessageSource {
    /// The text's scalars: every position of the parser counts them.
    let scalars: [Unicode.Scalar]
    private let utf8: [UInt8]
    /// The UTF-8 offset of each scalar and of the end, or nil when the text is ASCII and the two agree.
    private let utf8Offsets: [Int]?

    init(_ text: String) {
        utf8 = Array(text.utf8)
        scalars = Array(text.unicodeScalars)
        guard scalars.count != utf8.count else {
            utf8Offsets = nil
            return
        }
        var offsets = [0]
        offsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars {
            offsets.append(offsets[offsets.count - 1] + UTF8.width(scalar))
        }
        utf8Offsets = offsets
    }

    /// The text of the scalars `range`.
    func string(_ range: Range<Int>) -> String {
        guard let utf8Offsets else { return String(decoding: utf8[range], as: UTF8.self) }
        return String(decoding: utf8[utf8Offsets[range.lowerBound]..<utf8Offsets[range.upperBound]], as: UTF8.self)
    }
}
