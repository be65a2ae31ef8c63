import Foundation
@testable import TweetEngine

/// Post HTML to speech text, under options chosen by the first byte: no segment and no
/// joined text carries a control, bidi or invisible character, or a line break.
enum HTMLHarness {
    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let links: [SpeakableTextOptions.Links] = [.host, .full, .omit]
        let emoji: [SpeakableTextOptions.CustomEmoji] = [.shortcode, .name, .drop]
        let options = SpeakableTextOptions(
            links: links[Int(first) % 3], customEmoji: emoji[Int(first / 3) % 3],
            unicodeEmoji: first & 0x10 == 0 ? .keep : .drop, language: first & 0x20 == 0 ? .english : .spanish)
        let html = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let shortcodes: Set<String>? = first & 0x40 == 0 ? nil : ["blobcat", "a"]
        let segments = PostText.segments(html: html, options: options, customEmojiShortcodes: shortcodes)
        for segment in segments { Oracle.requireClean(segment, newlines: false, "speech segment") }
        Oracle.requireClean(PostText.join(segments), newlines: false, "speech text")
    }
}

/// The sanitiser for every output: clean output (a line feed only where lines are kept), and
/// cleaning twice changes nothing.
enum SanitizerHarness {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for output in Sanitizer.Output.allCases {
            let once = Sanitizer.clean(text, for: output)
            Oracle.requireClean(once, newlines: output == .lines, "Sanitizer.clean(\(output))")
            let twice = Sanitizer.clean(once, for: output)
            if twice != once { Oracle.fail("Sanitizer.clean(\(output)) is not idempotent: \(once.debugDescription) then \(twice.debugDescription)") }
        }
    }
}

/// The event-stream parser: no crash, and the same events however the bytes are split.
enum SSEHarness {
    static func run(_ bytes: [UInt8]) {
        var whole = ServerSentEventParser()
        let expected = whole.feed(Data(bytes))
        var split = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks(of: bytes, seed: bytes.first ?? 0) { events += split.feed(Data(chunk)) }
        if events != expected { Oracle.fail("SSE events depend on how the bytes are split") }
    }
}

/// The Link header: no crash on any value, with and without a base URL.
enum LinkHarness {
    static let base = URL(string: "https://example.social/api/v1/timelines/home")
    static func run(_ bytes: [UInt8]) {
        let value = String(decoding: bytes, as: UTF8.self)
        _ = LinkHeader(value)
        let header = LinkHeader(value, base: base)
        if let next = header.next { _ = next.settingLimit(40) }
    }
}

/// ISO 8601 dates: no crash; a parsed date formats to text that parses back to the same
/// formatted text.
enum ISO8601Harness {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let date = ISO8601.parse(text) else { return }
        let formatted = ISO8601.format(date)
        guard let again = ISO8601.parse(formatted) else { Oracle.fail("format gave unparseable \(formatted)") }
        if ISO8601.format(again) != formatted { Oracle.fail("\(text.debugDescription) does not round-trip: \(formatted)") }
    }
}
