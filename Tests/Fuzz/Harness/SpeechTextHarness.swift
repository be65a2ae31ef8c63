import AccessibleControls
import Foundation
import SpeechAudio

/// The last-line cleaners: `SpeakableText.clean` before the synthesiser and
/// `TextSanitizer.clean` before the terminal. Whatever comes in, no control or bidi
/// character comes out (line breaks become spaces in both).
enum SpeechTextHarness {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        Oracle.requireClean(SpeakableText.clean(text), newlines: false, invisible: false, "SpeakableText.clean")
        Oracle.requireClean(TextSanitizer.clean(text), newlines: false, invisible: false, "TextSanitizer.clean")
    }
}
