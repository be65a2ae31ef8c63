/// The scalars that text from elsewhere never shows as they are: the one list the sanitiser
/// removes (or keeps only in context), the config file escapes in its messages and `config
/// show`, and the fast check in `Sanitizer` mirrors byte by byte.
public enum HiddenScalars {
    /// Controls (C0, DEL, C1), bidirectional marks, embeddings, overrides and isolates, line
    /// and paragraph separators, invisible characters (zero-width space, non-joiner and
    /// joiner, word joiner and invisible operators, BOM, soft hyphen, combining grapheme
    /// joiner, Mongolian vowel separator, interlinear annotations) and tag characters. Shown,
    /// they could move the cursor, reorder a line or hide text. The joiner and tags are kept
    /// only inside an emoji (`EmojiSequence`), line breaks and tabs become breaks or spaces.
    @inlinable
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x00AD, 0x034F, 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E,
            0x2060...0x2069, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            true
        default: false
        }
    }

    /// Bidirectional marks, embeddings, overrides and isolates.
    @inlinable
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A scalar a terminal draws as itself: not a control or bidirectional control, not
    /// unassigned, private-use or a line or paragraph separator (whose width and meaning no
    /// terminal agrees on). What the key decoder takes as a typed character.
    @inlinable
    public static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return false }
        if scalar.value < 0x370 { return true }  // Latin to the combining marks: all assigned, none a control
        if isBidiControl(scalar) { return false }
        switch scalar.properties.generalCategory {
        case .control, .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }
}
