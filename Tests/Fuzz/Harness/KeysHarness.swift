import AccessibleControls
import Foundation

/// The key decoder: no crash, and the same keys however the bytes are split (the terminal
/// may deliver a sequence or a UTF-8 character across two reads).
enum KeysHarness {
    static func run(_ bytes: [UInt8]) {
        let now = ContinuousClock.now
        var whole = KeyDecoder()
        let expected = whole.decode(bytes, now: now) + whole.flush()
        var split = KeyDecoder()
        var events: [KeyEvent] = []
        for chunk in chunks(of: bytes, seed: bytes.first ?? 0) { events += split.decode(chunk, now: now) }
        events += split.flush()
        if events != expected { Oracle.fail("keys depend on how the bytes are split:\n\(expected)\n\(events)") }
    }
}
