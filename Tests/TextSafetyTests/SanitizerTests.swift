import Testing
@testable import TextSafety

@Suite(.timeLimit(.minutes(5))) struct SanitizerTests {
    static let cases: [(String, String)] = [
        ("plain text", "plain text"),
        ("red \u{1B}[31mALERT\u{1B}[0m done", "red ALERT done"),
        ("clear\u{1B}[2J\u{1B}[H screen", "clear screen"),
        ("title \u{1B}]0;owned\u{07}after", "title after"),
        ("link \u{1B}]8;;https://evil.example\u{1B}\\text\u{1B}]8;;\u{1B}\\", "link text"),
        ("8-bit \u{9B}31mcsi", "8-bit csi"),
        ("osc8 \u{9D}0;x\u{9C}end", "osc8 end"),
        ("dcs \u{1B}Pq#0;2;0;0;0\u{1B}\\ok", "dcs ok"),
        ("charset \u{1B}(Bok", "charset ok"),
        ("bell\u{07} and nul\u{00} and del\u{7F}", "bell and nul and del"),
        ("abc\u{202E}cba\u{202C}", "abccba"),
        ("iso\u{2066}late\u{2069}\u{200F}", "isolate"),
        ("zero\u{200B}width\u{FEFF}\u{2060}joiner\u{00AD}", "zerowidthjoiner"),
        ("tabs\tand\nlines\r\nhere", "tabs and lines here"),
        ("unterminated \u{1B}]0;no end\nnext", "unterminated next"),
        ("lone escape at end \u{1B}", "lone escape at end "),
        ("smuggled\u{E0041}\u{E0042} tags", "smuggled tags"),
    ]

    @Test(arguments: cases)
    func removesHostileCharacters(input: String, expected: String) {
        #expect(Sanitizer.clean(input, for: .line) == expected)
    }

    @Test func keepsEmojiSequencesAndOrdinaryUnicode() {
        let text = "👩‍💻 café — “quotes” … ñ 日本語 👍🏽 🏴󠁧󠁢󠁳󠁣󠁴󠁿 ❤️"
        #expect(Sanitizer.clean(text, for: .line) == text)
        // A joiner between letters is not part of an emoji: dropped.
        #expect(Sanitizer.clean("a\u{200D}b", for: .line) == "ab")
    }

    @Test func multiLineKeepsLineBreaksOnly() {
        #expect(Sanitizer.clean("one\r\ntwo\u{2028}three\u{1B}[1m", for: .lines) == "one\ntwo\nthree")
    }

    @Test func hugeHostileInputStaysLinear() {
        let unit = "\u{1B}[31m\u{202E}x\u{200B}"
        let input = String(repeating: unit, count: 200_000)
        let start = ContinuousClock.now
        let output = Sanitizer.clean(input, for: .line)
        #expect(output == String(repeating: "x", count: 200_000))
        // Not a timing assertion on speed, only a guard against quadratic blow-up.
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
