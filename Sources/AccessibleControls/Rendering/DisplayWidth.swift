/// How many terminal columns a character takes: 2 for East Asian wide and fullwidth letters
/// and for emoji shown as pictures, 0 for a lone combining mark or format character, else 1.
/// A Swift `Character` is a grapheme cluster, so a ZWJ family, a flag or a skin-toned hand is
/// one character, counted once, as terminals that know clusters draw it: two columns.
///
/// Hand-written ranges, not a table fetched from the Unicode site: East Asian Width W and F
/// (Unicode 15) folded into a few blocks, and the standard library's own Unicode data for
/// `Emoji_Presentation`, which it already carries. Ambiguous-width letters (EAW "A": ▶, ★,
/// box drawing) count as 1, as Western terminals and tmux draw them by default; the screen
/// draws none of its own chrome with them for that reason.
public enum DisplayWidth {
    /// The columns `character` takes. Letters below U+0300 (ASCII, Latin-1) answer at once,
    /// the common case on every key.
    @inline(__always)
    public static func columns(of character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        let scalars = character.unicodeScalars
        let first = scalars.first!
        if first.value < 0x300 && scalars.count == 1 { return first.value < 0xA0 ? 0 : 1 }
        var width = columns(of: first)
        guard width == 1 else { return width }
        // A text-style emoji made a picture by VS16 ("❤️", "1️⃣"), and a flag (two regional
        // indicators), are drawn two columns wide.
        var regional = 0
        for scalar in scalars {
            if scalar.value == 0xFE0F { width = 2 }
            if (0x1F1E6...0x1F1FF).contains(scalar.value) { regional += 1 }
        }
        return regional >= 2 ? 2 : width
    }

    /// The columns a text takes, its characters as `columns(of:)` counts them.
    public static func columns(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    /// One scalar on its own: the first of a cluster decides its width.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 || (0x7F..<0xA0).contains(v) ? 0 : 1 }
        if isZeroWidth(scalar) { return 0 }
        if v < 0x1100 { return 1 }
        if isEastAsianWide(v) { return 2 }
        if v >= 0x231A, scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Combining marks, enclosing marks and format characters (ZWJ, ZWSP) take no column;
    /// nor do the Hangul vowels and finals that join a syllable's first letter.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        if (0x1160...0x11FF).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return scalar.value != 0x00AD
        default: return false
        }
    }

    /// East Asian Width W or F: Hangul, CJK, kana, fullwidth forms, and the planes of
    /// ideographs. Ordered by value; the few pictographs with EAW W below U+3000 that are not
    /// `Emoji_Presentation` (〈 〉) are listed too.
    private static func isEastAsianWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F202,
            0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default: false
        }
    }
}
