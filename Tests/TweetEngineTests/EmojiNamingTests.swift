import Testing

@testable import Localization
@testable import TweetEngine

/// Emoji named in place (`unicodeEmoji` `.names` and `.collapse`) copy the text between them as
/// whole stretches. `reference` is the earlier pass, one Character at a time, kept here as the
/// oracle: the two must agree on every text.
@Suite(.timeLimit(.minutes(5))) struct EmojiNamingTests {
    static func reference(_ text: String, collapsing: Bool, options: SpeakableTextOptions) -> String {
        guard EmojiFilter.mayHoldEmoji(text), text.contains(where: EmojiFilter.isEmoji) else { return text }
        var out = ""
        var run: [Character] = []
        func flush() {
            guard let first = run.first else { return }
            if collapsing, run.count >= 3 {
                out += EmojiFilter.runPhrase(count: run.count, first: EmojiFilter.name(of: first, options: options), options: options)
            } else {
                out += run.map { EmojiFilter.name(of: $0, options: options) }.joined(separator: ", ")
            }
            run = []
        }
        var spaceAfterRun = false
        for character in text {
            if EmojiFilter.isEmoji(character) {
                if run.isEmpty, let last = out.last, !last.isWhitespace { out += " " }
                run.append(character)
                spaceAfterRun = false
            } else if character == " ", !run.isEmpty {
                spaceAfterRun = true
            } else {
                if !run.isEmpty {
                    flush()
                    if !character.isWhitespace, spaceAfterRun || !character.isPunctuation { out += " " }
                }
                spaceAfterRun = false
                out.append(character)
            }
        }
        flush()
        return out.collapsingSpaces()
    }

    /// Pieces a post is made of: words, spaces, punctuation, emoji alone and with skin tones,
    /// VS16, keycaps, ZWJ families, flags, CJK, combining marks, a lone VS16 and newlines.
    static let pieces = [
        "word", "café", " ", "  ", "!", ".", ",", "¿", "#tag", "🌹", "🎉", "👍🏽", "❤️", "1️⃣", "👩‍💻",
        "👨‍👩‍👧", "🇪🇸", "⌚", "東京", "e\u{301}", "\u{FE0F}", "\n", "©", "☀️", "😀😀😀", "—",
    ]

    @Test func namingAgreesWithTheCharacterByCharacterPass() {
        var generator = SystemRandomNumberGenerator()
        let languages: [Language] = [.english, .spanish, .catalan]
        for round in 0..<3000 {
            let count = Int.random(in: 0...12, using: &generator)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            for collapsing in [false, true] {
                let options = SpeakableTextOptions(
                    unicodeEmoji: collapsing ? .collapse : .names, language: languages[round % languages.count])
                let expected = Self.reference(text, collapsing: collapsing, options: options)
                #expect(EmojiFilter.apply(text, options: options, shortcodes: nil) == expected, "\(text.debugDescription)")
            }
        }
    }

    @Test func knownTexts() {
        let names = SpeakableTextOptions(unicodeEmoji: .names)
        #expect(EmojiFilter.apply("Yes🎉🎉!", options: names, shortcodes: nil) == "Yes party popper, party popper!")
        #expect(EmojiFilter.apply("🌹 #tag", options: names, shortcodes: nil) == "rose #tag")
        #expect(EmojiFilter.apply("plain text, no emoji", options: names, shortcodes: nil) == "plain text, no emoji")
        #expect(EmojiFilter.apply("two  spaces, no emoji ©", options: names, shortcodes: nil) == "two  spaces, no emoji ©")
    }
}
