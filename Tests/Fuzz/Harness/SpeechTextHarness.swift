import Foundation
import TextSafety

/// The last-line outputs of the one sanitiser: `SpeakableText` before the synthesiser and the
/// terminal kind before the screen. Whatever comes in, no control, bidi or invisible character
/// comes out (line breaks become spaces in both), and cleaning again changes nothing.
enum SpeechTextHarness {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let spoken = SpeakableText(text).text
        Oracle.requireClean(spoken, newlines: false, "SpeakableText")
        if SpeakableText(spoken).text != spoken { Oracle.fail("SpeakableText is not idempotent: \(spoken.debugDescription)") }
        let drawn = Sanitizer.clean(text, for: .terminal)
        Oracle.requireClean(drawn, newlines: false, "Sanitizer.clean(terminal)")
        if let bad = drawn.unicodeScalars.first(where: { !HiddenScalars.isPrintable($0) && $0 != "\u{200D}" && !(0xE0020...0xE007F).contains($0.value) }) {
            Oracle.fail("Sanitizer.clean(terminal) keeps U+\(String(bad.value, radix: 16, uppercase: true)): \(drawn.debugDescription)")
        }
    }
}
