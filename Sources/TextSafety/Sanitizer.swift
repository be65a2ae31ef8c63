/// Makes text from elsewhere (a server, a file, a paste, the command line) safe for where it
/// is going: the one sanitiser of the program.
///
/// Every output loses C0 and C1 controls, escape sequences with their parameters
/// (`EscapeSequence`), bidirectional controls and invisible characters (`HiddenScalars`); a
/// zero-width joiner is kept only inside an emoji and tag characters only inside a flag
/// (`EmojiSequence`). Tabs become spaces; line breaks (LF, CR, CR LF, U+2028, U+2029) become
/// one space, or a line feed where the output keeps lines.
public enum Sanitizer {
    /// Where the text is going, which decides what it may hold.
    public enum Output: Sendable, CaseIterable {
        /// The full screen, line mode and the controls' text: one line, and only scalars a
        /// terminal draws as themselves (`HiddenScalars.isPrintable`: no unassigned or
        /// private-use scalar, whose width no terminal agrees on).
        case terminal
        /// A control's text (a label, a wheel's items), which the screen and the synthesiser
        /// each clean again: as for the terminal, and loowi's own language marks (U+E0001, a
        /// code in tag characters, U+E0001 U+E007F where the stretch ends) are kept, as the
        /// voice for a stretch in another language travels in them (`LanguageMarks`).
        case control
        /// The speech synthesiser (`SpeakableText`): one line. A joiner between emoji is kept:
        /// eSpeak NG reads 👩‍💻 as "woman technologist" with it, "woman laptop" without.
        case synthesiser
        /// A line written out or kept (a name, a handle, a title, a message, a printed line).
        case line
        /// Text written out or kept with its line breaks (a post's text, a bio, a listing).
        case lines
    }

    public static func clean(_ text: String, for output: Output) -> String {
        if isClean(text, for: output) { return text }
        return cleaned(text, for: output)
    }

    /// The common case, checked on UTF-8 bytes with no copy: true when no byte sequence can
    /// start a scalar that `HiddenScalars` holds (checked by lead byte and the byte after; a
    /// few neighbours are sent to the full pass too) and, for the terminal, every scalar from
    /// U+0370 up is printable.
    static func isClean(_ text: String, for output: Output) -> Bool {
        var text = text
        let terminal = output == .terminal || output == .control
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
                if terminal, byte >= 0xCD, !HiddenScalars.isPrintable(scalar(in: bytes, at: index, lead: byte)) { return false }
                index += 1
            }
            return true
        }
    }

    /// The scalar whose lead byte is at `index` (the text is valid UTF-8: a String).
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8) -> Unicode.Scalar {
        var value: UInt32
        let length: Int
        switch lead {
        case 0xC0..<0xE0: (value, length) = (UInt32(lead & 0x1F), 2)
        case 0xE0..<0xF0: (value, length) = (UInt32(lead & 0x0F), 3)
        default: (value, length) = (UInt32(lead & 0x07), 4)
        }
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private static func cleaned(_ text: String, for output: Output) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.reserveCapacity(scalars.count)
        let count = scalars.count
        let keepsLines = output == .lines
        let terminal = output == .terminal || output == .control
        let keepsMarks = output == .control
        var index = 0
        // The scalar before this one was 🏴 or a tag of its flag, and kept; or a language
        // mark's U+E0001 or a tag of its code, and kept.
        var flagOpen = false
        var markOpen = false
        while index < count {
            let scalar = scalars[index]
            let (rightAfterFlag, rightAfterMark) = (flagOpen, markOpen)
            (flagOpen, markOpen) = (false, false)
            switch scalar.value {
            case 0x1B, 0x9B, 0x9D, 0x90, 0x98, 0x9E, 0x9F:  // ESC and the 8-bit introducers
                index = EscapeSequence.end(of: scalars, from: index)
                continue
            case 0x0A, 0x0D, 0x2028, 0x2029:
                // CR LF is one break; a lone CR is one too.
                if scalar.value == 0x0D, index + 1 < count, scalars[index + 1].value == 0x0A { index += 1 }
                if keepsLines {
                    out.append("\n")
                } else if let last = out.last, last != " " {
                    out.append(" ")
                }
            case 0x09, 0x0B, 0x0C:
                out.append(" ")
            case 0x200D:
                if EmojiSequence.joins(after: out.last, before: index + 1 < count ? scalars[index + 1] : nil) { out.append(scalar) }
            case 0xE0001 where keepsMarks:
                out.append(scalar)
                markOpen = true
            case 0xE0000...0xE007F:
                if EmojiSequence.continuesFlag(scalar, rightAfterFlag: rightAfterFlag) {
                    out.append(scalar)
                    flagOpen = EmojiSequence.flagGoesOn(after: scalar)
                } else if rightAfterMark, scalar.value >= 0xE0020 {
                    // A language mark's code, or U+E007F ending its stretch.
                    out.append(scalar)
                    markOpen = scalar.value != 0xE007F
                }
            default:
                if HiddenScalars.contains(scalar) { break }
                if terminal, !HiddenScalars.isPrintable(scalar) { break }
                out.append(scalar)
                flagOpen = EmojiSequence.startsFlag(scalar)
            }
            index += 1
        }
        return String(out)
    }
}
