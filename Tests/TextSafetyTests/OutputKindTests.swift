import Testing

@testable import TextSafety

/// Issue 36: one sanitiser, its output kinds, and the one emoji-joiner rule. Every emoji
/// sequence below passes every output whole; the hostile corpus leaves nothing behind.
@Suite(.timeLimit(.minutes(5))) struct OutputKindTests {
    static let outputs = Sanitizer.Output.allCases

    static let emoji: [(name: String, text: String)] = [
        ("rainbow flag", "🏳️‍🌈"),  // 1F3F3 FE0F 200D 1F308: the joiner after U+FE0F
        ("hearts on fire", "❤️‍🔥"),  // 2764 FE0F 200D 1F525
        ("transgender flag", "🏳️‍⚧️"),
        ("keycap one", "1️⃣"),  // 0031 FE0F 20E3
        ("keycap hash", "#️⃣"),
        ("waving hand, medium skin tone", "👋🏽"),
        ("technologist, medium skin tone", "🧑🏽‍💻"),  // a joiner after a skin tone
        ("family", "👨‍👩‍👧‍👦"),
        ("woman technologist", "👩‍💻"),
        ("Scotland", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"),  // 1F3F4, tags "gbsct", cancel tag
        ("Spain", "🇪🇸"),
        ("red heart", "❤️"),
    ]

    @Test(arguments: outputs)
    func emojiSequencesPassWhole(output: Sanitizer.Output) {
        for (name, text) in Self.emoji {
            #expect(Sanitizer.clean(text, for: output) == text, "\(name)")
            let sentence = "Pride " + text + " tonight"
            #expect(Sanitizer.clean(sentence, for: output) == sentence, "\(name) in a sentence")
            #expect(Sanitizer.clean(text + text, for: output) == text + text, "\(name) twice")
        }
    }

    @Test(arguments: outputs)
    func aJoinerOutsideAnEmojiIsDropped(output: Sanitizer.Output) {
        #expect(Sanitizer.clean("\u{200D}", for: output) == "")
        #expect(Sanitizer.clean("a\u{200D}b", for: output) == "ab")
        #expect(Sanitizer.clean("\u{200D}🌈", for: output) == "🌈")
        #expect(Sanitizer.clean("🏳️\u{200D}", for: output) == "🏳️")
        #expect(Sanitizer.clean("🏳️\u{200D} 🌈", for: output) == "🏳️ 🌈")
        // A keycap's base is a digit, not a picture: no joiner after it or before one.
        #expect(Sanitizer.clean("1\u{200D}🔥", for: output) == "1🔥")
        #expect(Sanitizer.clean("🔥\u{200D}1", for: output) == "🔥1")
        // Two joiners: the second joins, the first joins nothing.
        #expect(Sanitizer.clean("👩\u{200D}\u{200D}💻", for: output) == "👩‍💻")
        // A joiner hidden behind an escape sequence joins nothing.
        #expect(Sanitizer.clean("👩\u{200D}\u{1B}[31m💻", for: output) == "👩💻")
    }

    /// A lone U+FE0F draws and says nothing (it selects the picture of the character before
    /// it); it is kept as it is, so text is never rewritten for it.
    @Test(arguments: outputs)
    func aLoneVariationSelectorIsLeftAsItIs(output: Sanitizer.Output) {
        #expect(Sanitizer.clean("\u{FE0F}", for: output) == "\u{FE0F}")
        #expect(Sanitizer.clean("a\u{FE0F}b", for: output) == "a\u{FE0F}b")
    }

    @Test(arguments: outputs)
    func tagsOnlyInsideAFlag(output: Sanitizer.Output) {
        let scotland = "🏴󠁧󠁢󠁳󠁣󠁴󠁿"
        // Tags alone spell hidden text; after the cancel tag the flag has ended; U+E0001
        // (loowi's own language mark) is never remote text's.
        #expect(Sanitizer.clean("smuggled\u{E0041}\u{E0042} tags", for: output) == "smuggled tags")
        #expect(Sanitizer.clean(scotland + "\u{E0041}", for: output) == scotland)
        let marked = "\u{E0001}\u{E0065}\u{E0073}hola\u{E0001}\u{E007F}"
        #expect(Sanitizer.clean(marked, for: output) == (output == .control ? marked : "hola"))
        #expect(Sanitizer.clean("🏴\u{E0001}\u{E0065}", for: output) == (output == .control ? "🏴\u{E0001}\u{E0065}" : "🏴"))
        #expect(Sanitizer.clean("🏴\u{200B}\u{E0067}\u{E0062}", for: output) == "🏴")
        let forged = "🏴\u{E0067}\u{E0001}\u{E0067}"
        #expect(Sanitizer.clean(forged, for: output) == (output == .control ? forged : "🏴\u{E0067}"))
    }

    /// A control keeps loowi's own language marks, for the voice of a stretch in another
    /// language; the screen and the synthesiser each take them out or follow them.
    @Test func aControlKeepsLanguageMarksAndNothingElseOfTags() {
        let spanish = "\u{E0001}\u{E0065}\u{E0073}"
        let end = "\u{E0001}\u{E007F}"
        let text = "Ada. " + spanish + "¡Hola! 🏴󠁧󠁢󠁳󠁣󠁴󠁿" + end + " 5 minutes ago"
        #expect(Sanitizer.clean(text, for: .control) == text)
        #expect(Sanitizer.clean(text, for: .terminal) == "Ada. ¡Hola! 🏴󠁧󠁢󠁳󠁣󠁴󠁿 5 minutes ago")
        // Tags that follow no mark or flag, and tags after a mark's end, spell nothing.
        #expect(Sanitizer.clean("a\u{E0065}" + end + "\u{E0065}b", for: .control) == "a" + end + "b")
        // The control's text is drawn as the terminal draws: no private-use scalar.
        #expect(Sanitizer.clean("a\u{E000}b", for: .control) == "ab")
    }

    static let hostile: [(input: String, expected: String)] = [
        ("red \u{1B}[31mALERT\u{1B}[0m done", "red ALERT done"),
        ("clear\u{1B}[2J\u{1B}[H screen", "clear screen"),
        ("private \u{1B}[?1049h mode", "private  mode"),
        ("title \u{1B}]0;owned\u{07}after", "title after"),
        ("link \u{1B}]8;;https://evil.example\u{1B}\\text\u{1B}]8;;\u{1B}\\", "link text"),
        ("dcs \u{1B}Pq#0;2;0;0;0\u{1B}\\ok", "dcs ok"),
        ("apc \u{1B}_Gf=100;AAAA\u{1B}\\ok pm \u{1B}^secret\u{1B}\\ sos \u{1B}Xx\u{9C}end", "apc ok pm  sos end"),
        ("8-bit \u{9B}31mcsi \u{9D}0;x\u{9C}osc \u{90}q\u{9C}dcs \u{9F}x\u{07}apc", "8-bit csi osc dcs apc"),
        ("c1 \u{85}\u{84}\u{8D}\u{9C}\u{80}end", "c1 end"),
        ("charset \u{1B}(Bok \u{1B}cok \u{1B}7ok", "charset ok ok ok"),
        ("bell\u{07} nul\u{00} del\u{7F} bs\u{08}", "bell nul del bs"),
        ("abc\u{202E}cba\u{202C} \u{202A}\u{202B}\u{202D}x", "abccba x"),
        ("iso\u{2066}late\u{2069}\u{2067}\u{2068}\u{200E}\u{200F}\u{061C}", "isolate"),
        ("zero\u{200B}width\u{FEFF}\u{2060}joiner\u{00AD}\u{200C}\u{034F}\u{180E}\u{FFF9}\u{2062}", "zerowidthjoiner"),
        ("broken \u{1B}[31\u{1B}[0mok", "broken ok"),
        ("lone escape at end \u{1B}", "lone escape at end "),
        ("esc before a letter \u{1B}é", "esc before a letter é"),
        ("tabs\tand\u{0B}feeds\u{0C}", "tabs and feeds "),
        // A lone surrogate cannot be a Swift scalar: decoding turns it into U+FFFD, which
        // every output keeps (it says that something was there).
        (String(decoding: [0x61, 0xED, 0xA0, 0x80, 0x62], as: UTF8.self), "a\u{FFFD}\u{FFFD}\u{FFFD}b"),
    ]

    @Test(arguments: outputs)
    func hostileCorpusLeavesNothingBehind(output: Sanitizer.Output) {
        for (input, expected) in Self.hostile {
            #expect(Sanitizer.clean(input, for: output) == expected, "\(input.debugDescription)")
        }
    }

    @Test(arguments: outputs)
    func anUnterminatedStringEndsAtTheLineBreak(output: Sanitizer.Output) {
        let cleaned = Sanitizer.clean("unterminated \u{1B}]0;no end\nnext", for: output)
        #expect(cleaned == (output == .lines ? "unterminated \nnext" : "unterminated next"))
    }

    @Test(arguments: outputs)
    func lineBreaksByOutput(output: Sanitizer.Output) {
        let text = "one\r\ntwo\rthree\nfour\u{2028}five\u{2029}six\u{1B}[1m"
        let cleaned = Sanitizer.clean(text, for: output)
        #expect(cleaned == (output == .lines ? "one\ntwo\nthree\nfour\nfive\nsix" : "one two three four five six"))
        // One line: a break after a space, or at the start, adds no space.
        if output != .lines { #expect(Sanitizer.clean("\nend of line \nnext", for: output) == "end of line next") }
    }

    /// Only the terminal (and a control, drawn on it) refuses what a terminal cannot draw as itself: unassigned and
    /// private-use scalars, whose width no terminal agrees on.
    @Test(arguments: outputs)
    func unassignedAndPrivateUseOnlyLeaveTheTerminal(output: Sanitizer.Output) {
        let text = "a\u{E000}b\u{0378}c\u{10FFFD}d"
        #expect(Sanitizer.clean(text, for: output) == (output == .terminal || output == .control ? "abcd" : text))
    }

    @Test(arguments: outputs)
    func veryLongEscapesGoWholeInLinearTime(output: Sanitizer.Output) {
        let count = 200_000
        // A CSI with a huge parameter, an OSC without its end, then the words.
        let csi = "\u{1B}[" + String(repeating: "1;", count: count) + "m"
        #expect(Sanitizer.clean(csi + "after", for: output) == "after")
        let osc = "\u{1B}]0;" + String(repeating: "x", count: count)
        #expect(Sanitizer.clean("before " + osc + "\nafter", for: output) == (output == .lines ? "before \nafter" : "before after"))
        let unit = "\u{1B}[31m\u{202E}x\u{200B}"
        #expect(Sanitizer.clean(String(repeating: unit, count: count), for: output) == String(repeating: "x", count: count))
    }

    @Test(arguments: outputs)
    func cleaningTwiceChangesNothing(output: Sanitizer.Output) {
        for text in Self.hostile.map(\.input) + Self.emoji.map(\.text) + ["👩\u{200D}\u{200D}💻", "a\u{E000}\u{0378}"] {
            let once = Sanitizer.clean(text, for: output)
            #expect(Sanitizer.clean(once, for: output) == once, "\(text.debugDescription)")
        }
    }

    @Test func speakableTextIsCleanedForTheSynthesiser() {
        #expect(SpeakableText("Hi\u{1B}[31m red\u{1B}]0;title\u{07} there\u{202E}!\u{200B}").text == "Hi red there!")
        #expect(SpeakableText("tab\there\u{0}\u{9B}2Jend").text == "tab hereend")
        #expect(SpeakableText("plain words stay").text == "plain words stay")
        #expect(SpeakableText("Pride 🏳️‍🌈 and ❤️‍🔥").text == "Pride 🏳️‍🌈 and ❤️‍🔥")
        #expect(SpeakableText(" \u{1B}[0m\n").isBlank)
    }
}
