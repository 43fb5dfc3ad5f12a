extension Unicode.Scalar {
    /// The number of terminal cells the scalar takes, so that a caret lines up under the text above it.
    ///
    /// Combining marks and format characters take none; East Asian wide and fullwidth characters
    /// (Hangul, kana, CJK ideographs) and emoji shown as emoji take two; everything else takes one.
    var terminalWidth: Int {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if properties.isEmojiPresentation {
            return 2
        }
        switch value {
        case 0x1160...0x11FF:
            // Hangul medial vowels and final consonants join the initial consonant's cell.
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
