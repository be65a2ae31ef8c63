import SpeechAudio

/// Removes what could control a terminal or a speech engine from text that came from
/// elsewhere (a server, a paste): C0 and C1 controls, escape sequences, bidirectional
/// overrides. Applied to labels when set and again by the renderers (defence in depth).
public enum TextSanitizer {
    /// Escape sequences and controls go as `SpeakableText` removes them (one parser for the
    /// whole program); then anything the terminal could not show plainly.
    public static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in SpeakableText.clean(text).unicodeScalars where isPrintable(scalar) { out.append(scalar) }
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
