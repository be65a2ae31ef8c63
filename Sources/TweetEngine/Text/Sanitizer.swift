/// Makes text from a server safe to print and to speak.
///
/// Removes C0 and C1 control characters, ANSI/ECMA-48 escape sequences (CSI, OSC, DCS and
/// the rest, in their 7-bit and 8-bit forms, together with their parameters so no `[31m`
/// residue is left), bidirectional embeddings, overrides, isolates and marks, and invisible
/// characters (zero-width space, word joiner, BOM, soft hyphen, invisible operators,
/// interlinear annotations, tag characters). A zero-width joiner is kept only inside an
/// emoji sequence (👩‍💻) and tag characters only inside a flag sequence, where they are
/// part of what the emoji means.
public enum Sanitizer {
    public enum Mode: Sendable {
        /// Names, handles, titles: line breaks and tabs become spaces.
        case singleLine
        /// Post text and bios: `\n` is kept (CR and other separators become `\n`).
        case multiLine
    }

    public static func clean(_ text: String, mode: Mode = .singleLine) -> String {
        if isPlainPrintable(text) { return text }
        return cleanSlow(text, mode: mode)
    }

    /// The common case, checked on UTF-8 bytes: true when no byte sequence can start a
    /// character this sanitiser removes or rewrites (checked by lead byte and the byte after).
    private static func isPlainPrintable(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                if byte < 0x80 {
                    if byte < 0x20 || byte == 0x7F { return false }
                    index += 1
                    continue
                }
                let next = index + 1 < count ? bytes[index + 1] : 0
                switch byte {
                case 0xC2 where next <= 0x9F || next == 0xAD: return false  // C1, soft hyphen
                case 0xCD where next == 0x8F: return false  // U+034F
                case 0xD8 where next == 0x9C: return false  // U+061C
                case 0xE1 where next == 0xA0: return false  // U+180E
                case 0xE2 where next == 0x80 || next == 0x81:
                    // Only U+200B–200F, U+2028–202E, U+2060–2069; not quotes or dashes.
                    let third = index + 2 < count ? bytes[index + 2] : 0
                    if next == 0x80, (0x8B...0x8F).contains(third) || (0xA8...0xAE).contains(third) { return false }
                    if next == 0x81, (0xA0...0xA9).contains(third) { return false }
                case 0xEF where next == 0xBB || next == 0xBF: return false  // BOM, U+FFF9–FFFB
                case 0xF3 where next == 0xA0: return false  // tag characters
                default: break
                }
                index += 1
            }
            return true
        }
    }

    private static func cleanSlow(_ text: String, mode: Mode) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.reserveCapacity(scalars.count)
        var index = 0
        let count = scalars.count

        func appendBreak() {
            switch mode {
            case .singleLine:
                if let last = out.last, last != " " { out.append(" ") }
            case .multiLine:
                out.append("\n")
            }
        }

        while index < count {
            let scalar = scalars[index]
            let value = scalar.value
            switch value {
            case 0x1B:
                index = skipEscapeSequence(scalars, from: index + 1)
                continue
            case 0x9B:  // 8-bit CSI
                index = skipControlSequence(scalars, from: index + 1)
                continue
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:  // 8-bit DCS, SOS, OSC, PM, APC
                index = skipControlString(scalars, from: index + 1)
                continue
            case 0x0A, 0x2028, 0x2029:
                appendBreak()
            case 0x0D:
                // CR LF is one break; a lone CR is one too.
                if index + 1 < count, scalars[index + 1].value == 0x0A { index += 1 }
                appendBreak()
            case 0x09, 0x0B, 0x0C:
                out.append(" ")
            case 0x00...0x1F, 0x7F, 0x80...0x9F:
                break  // remaining C0 and C1 controls
            case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069:
                break  // bidi marks, embeddings, overrides, isolates
            case 0x200B, 0x2060...0x2064, 0xFEFF, 0x180E, 0x00AD, 0x034F, 0xFFF9...0xFFFB, 0x200C:
                break  // invisible: zero-width space/non-joiner, word joiner, BOM, soft hyphen, …
            case 0x200D:
                if isEmojiNeighbour(out.last) && index + 1 < count && isEmoji(scalars[index + 1]) {
                    out.append(scalar)
                }
            case 0xE0000...0xE007F:
                // Tags spell subdivision flags (🏴 + tags + cancel tag); anywhere else they
                // are a way to hide text. U+E0001 LANGUAGE TAG spells none: it is loowi's own
                // mark of a stretch in another language (`LanguageMarks`), never remote text's.
                // A cancel tag (U+E007F) ends the flag: no tag after it.
                if scalar.value >= 0xE0020, let last = out.last, last.value == 0x1F3F4 || (0xE0020...0xE007E).contains(last.value) {
                    out.append(scalar)
                }
            default:
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// After ESC: CSI (`[`), string introducers (`]`, `P`, `X`, `^`, `_`) or a short
    /// escape (intermediates 0x20–0x2F then one final byte). Returns the index after it.
    private static func skipEscapeSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start].value {
        case 0x5B: return skipControlSequence(scalars, from: start + 1)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return skipControlString(scalars, from: start + 1)
        default:
            var index = start
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
            return index
        }
    }

    /// CSI body: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final 0x40–0x7E.
    /// Stops early at anything else, so a malformed sequence cannot swallow the text after it.
    private static func skipControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x30...0x3F).contains(scalars[index].value) { index += 1 }
        while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
        if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
        return index
    }

    /// OSC/DCS/SOS/PM/APC body: up to BEL, ESC \ or 8-bit ST. An unterminated string is
    /// cut at the next line break, so hostile input cannot hide a whole post.
    private static func skipControlString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C: return index + 1
            case 0x1B:
                if index + 1 < scalars.count, scalars[index + 1].value == 0x5C { return index + 2 }
                return index
            case 0x0A, 0x0D: return index
            default: index += 1
            }
        }
        return index
    }

    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0xFF && scalar.properties.isEmoji
    }

    private static func isEmojiNeighbour(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        // Variation selector 16 and skin-tone modifiers end an emoji before a joiner.
        return isEmoji(scalar) || scalar.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }
}
