/// Removes what could control a terminal or a speech engine from text that came from
/// elsewhere (a server, a paste): C0 and C1 controls, escape sequences, bidirectional
/// overrides. Applied to labels when set and again by the renderers (defence in depth).
public enum TextSanitizer {
    public static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let s = scalars.next() {
            if s == "\u{1B}" {
                skipEscapeSequence(&scalars)
                continue
            }
            if s == "\n" || s == "\t" || s == "\r" {
                out.append(" ")
                continue
            }
            if isPrintable(s) { out.append(s) }
        }
        return String(out)
    }

    /// Drops the rest of an escape sequence: CSI up to its final byte, OSC/DCS/APC/PM up to
    /// the string terminator or bell, and otherwise one character.
    private static func skipEscapeSequence(_ it: inout String.UnicodeScalarView.Iterator) {
        guard let first = it.next() else { return }
        switch first {
        case "[":
            while let s = it.next(), !(0x40...0x7E).contains(s.value) {}
        case "]", "P", "_", "^", "X":
            var previousWasEscape = false
            while let s = it.next() {
                if s == "\u{07}" || (previousWasEscape && s == "\\") { break }
                previousWasEscape = s == "\u{1B}"
            }
        default:
            break
        }
    }

    /// Not a control, not a bidirectional control, not unassigned or a private-use scalar.
    public static func isPrintable(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x20 || (0x7F...0x9F).contains(s.value) { return false }
        if bidiControls.contains(s.value) { return false }
        switch s.properties.generalCategory {
        case .control, .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return true
        }
    }

    private static let bidiControls: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
        0x2066, 0x2067, 0x2068, 0x2069,
    ]
}
