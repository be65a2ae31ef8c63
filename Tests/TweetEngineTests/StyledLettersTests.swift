import Testing

@testable import TweetEngine

/// Issue 15, item 2: letters dressed in mathematical, fullwidth, circled, squared, small-capital
/// or superscript characters are read as plain letters, with one "styled text" cue a run.
@Suite(.timeLimit(.minutes(5))) struct StyledLettersTests {
    func read(_ html: String, _ language: Language = .english) -> String {
        PostText.from(html: "<p>" + html + "</p>", options: SpeakableTextOptions(language: language))
    }

    @Test func eachKindOfStyledLetterIsReadPlain() {
        #expect(read("so 𝓯𝓪𝓷𝓬𝔂") == "so styled text: fancy")
        #expect(read("𝐁𝐨𝐥𝐝 and 𝘪𝘵𝘢𝘭𝘪𝘤 and 𝔣𝔯𝔞𝔨𝔱𝔲𝔯 and 𝕕𝕠𝕦𝕓𝕝𝕖 and 𝚖𝚘𝚗𝚘")
            == "styled text: Bold and styled text: italic and styled text: fraktur and styled text: double and styled text: mono")
        #expect(read("ｆｕｌｌｗｉｄｔｈ ＡＢＣ") == "styled text: fullwidth ABC")
        #expect(read("ⓒⓘⓡⓒⓛⓔⓓ Ⓐ") == "styled text: circled A")
        #expect(read("🅂🅀🅄🄰🅁🄴🄳 🅽🅴🅶") == "styled text: SQUARED NEG")
        #expect(read("ꜱᴍᴀʟʟ ᴄᴀᴘꜱ ᴛᴇxᴛ") == "styled text: small caps text")
        #expect(read("ᵗⁱⁿʸ ᵗᵉˣᵗ") == "styled text: tiny text")
        // The letterlike symbols that fill the mathematical alphabets' holes: ℎ, ℬ, ℂ.
        #expect(read("𝑠ℎ𝑒 ℬ𝓁𝓊ℯ ℂ𝕒𝕥") == "styled text: she Blue Cat")
        #expect(read("𝟐𝟎𝟐𝟒 𝐲𝐞𝐚𝐫") == "styled text: 2024 year")
    }

    @Test func oneCueForARunAndTheCueInTheListenersLanguage() {
        #expect(read("Hi 𝓘 𝓵𝓸𝓿𝓮 𝓽𝓱𝓲𝓼, really") == "Hi styled text: I love this, really")
        #expect(read("Hola 𝓶𝓾𝓷𝓭𝓸 bonito", .spanish) == "Hola texto con estilo: mundo bonito")
        #expect(read("Hola 𝓶𝓸𝓷", .catalan) == "Hola text amb estil: mon")
    }

    @Test func realLettersAndSymbolsAreLeftAsWritten() {
        // IPA, litres, real numbers, a fullwidth date in Japanese: not styling.
        #expect(read("/ˈsɪti/ and pʰ") == "/ˈsɪti/ and pʰ")
        #expect(read("5 ℓ of water, x ∈ ℝ") == "5 ℓ of water, x ∈ ℝ")
        #expect(read("２０２４年") == "２０２４年")
        #expect(read("café naïve") == "café naïve")
        // Greek mathematical letters stay (no plain Latin letter to give).
        #expect(read("𝛑 r²") == "𝛑 r²")
    }

    @Test func styledLettersThatAreAlsoEmojiStayEmojiAlone() {
        // 🅰️ with its emoji selector is the blood-type emoji, named as emoji are.
        let names = SpeakableTextOptions(unicodeEmoji: .names)
        #expect(PostText.from(html: "<p>type 🅰️</p>", options: names) == "type A button (blood type)")
        #expect(read("Ⓜ️ line") == "Ⓜ️ line")
    }

    @Test func displayNamesAreReadPlainWithoutTheCue() {
        #expect(StyledLetters.plain("𝓐𝓭𝓪 𝓛𝓸𝓿𝓮𝓵𝓪𝓬𝓮", cue: nil) == "Ada Lovelace")
        #expect(StyledLetters.plain("plain", cue: nil) == "plain")
    }

    @Test func controlCharactersNeverComeThrough() {
        let decoded = read("𝓯&#27;[31m𝓪&#x202E;𝓷 𝓬")
        for scalar in decoded.unicodeScalars {
            #expect(scalar.value >= 0x20 && scalar.value != 0x202E && !(0x7F...0x9F).contains(scalar.value))
        }
        #expect(decoded.contains("styled text: "))
    }
}
