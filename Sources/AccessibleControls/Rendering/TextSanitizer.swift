import SpeechAudio

/// Removes what could control a terminal or a speech engine from text that came from
/// elsewhere (a server, a paste): C0 and C1 controls, escape sequences, bidirectional
/// overrides. Applied to labels when set and again by the renderers (defence in depth).
public enum TextSanitizer {
    /// Escape sequences and controls go as `SpeakableText` removes them (one parser for the
    /// whole program); then anything the terminal could not show plainly.
    /// A zero-width joiner between two emoji is kept (as TweetEngine's sanitizer keeps it): the
    /// screen shows a ZWJ family as one picture two columns wide, not three pictures.
    public static func clean(_ text: String) -> String {
        guard text.utf8.contains(0xE2), text.unicodeScalars.contains("\u{200D}") else { return printable(SpeakableText.clean(text)) }
        let scalars = Array(text.unicodeScalars)
        var out = ""
        var piece = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let joinsEmoji =
                scalar == "\u{200D}" && index > 0 && index + 1 < scalars.count && scalars[index - 1].properties.isEmoji
                && scalars[index + 1].properties.isEmoji
            guard joinsEmoji else {
                piece.append(scalar)
                continue
            }
            out += printable(SpeakableText.clean(String(piece))) + "\u{200D}"
            piece = String.UnicodeScalarView()
        }
        return out + printable(SpeakableText.clean(String(piece)))
    }

    private static func printable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isPrintable(scalar) { out.append(scalar) }
        return String(out)
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
