import LoowiSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct LanguageMarksTests {
    typealias Run = LanguageMarks.Run

    @Test func unmarkedTextIsOneRunInTheVoicesOwnLanguage() {
        #expect(!LanguageMarks.hasMarks("Ana Ruiz. Hello 🏴󠁧󠁢󠁳󠁣󠁴󠁿 there"))
        #expect(LanguageMarks.runs(in: "Ana Ruiz. Hello") == [Run(language: nil, text: "Ana Ruiz. Hello")])
    }

    @Test func aMarkedStretchIsARunOfItsOwnBetweenTheInterfacesWords() {
        let text = "Carme Riera. " + LanguageMarks.mark("¡Feliz día!", language: "es") + " 2 minutes ago"
        #expect(LanguageMarks.hasMarks(text))
        #expect(
            LanguageMarks.runs(in: text) == [
                Run(language: nil, text: "Carme Riera. "), Run(language: "es", text: "¡Feliz día!"), Run(language: nil, text: " 2 minutes ago"),
            ])
        #expect(LanguageMarks.removed(from: text) == "Carme Riera. ¡Feliz día! 2 minutes ago")
        #expect(LanguageMarks.shown(text) == "Carme Riera. ⟨es⟩¡Feliz día!⟨/es⟩ 2 minutes ago")
    }

    @Test func theMarksAreInvisibleCharactersOfTheirOwn() {
        // Each mark stands apart in a String's characters, so white space stays white space.
        let marked = " " + LanguageMarks.mark("hola", language: "es") + " "
        #expect(marked.first == " " && marked.last == " ")
        #expect(marked.split(whereSeparator: \.isWhitespace).count == 1)
    }

    @Test func codesAreLowercasedAndABadCodeLeavesTheTextUnmarked() {
        #expect(LanguageMarks.runs(in: LanguageMarks.mark("Bom dia", language: "pt-BR")) == [Run(language: "pt-br", text: "Bom dia")])
        for bad in ["", "e s", "es\u{1B}[31m", "-es", String(repeating: "a", count: 41), "ñ"] {
            #expect(LanguageMarks.mark("hola", language: bad) == "hola", "code \(bad)")
        }
        #expect(LanguageMarks.mark("", language: "es") == "")
    }

    @Test func marksNestAndAnEndGoesBackToTheEnclosingLanguage() {
        let inner = LanguageMarks.mark("rose", language: "en")
        let text = LanguageMarks.mark("Feliz día " + inner + " para todas", language: "es")
        #expect(
            LanguageMarks.runs(in: text) == [
                Run(language: "es", text: "Feliz día "), Run(language: "en", text: "rose"), Run(language: "es", text: " para todas"),
            ])
    }

    @Test func whiteSpaceBetweenMarksJoinsTheRunBeforeAndAMarkLeftOpenEndsWithTheText() {
        let text = "a" + LanguageMarks.mark("  ", language: "es") + "b"
        #expect(LanguageMarks.removed(from: text) == "a  b")
        let open = LanguageMarks.mark("hola amigos", language: "es").unicodeScalars.dropLast(2)
        #expect(LanguageMarks.runs(in: String(String.UnicodeScalarView(open))) == [Run(language: "es", text: "hola amigos")])
    }

    @Test func aFlagsTagCharactersAreTextNotMarks() {
        let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        let text = LanguageMarks.mark("Hola " + scotland, language: "es")
        #expect(LanguageMarks.runs(in: text) == [Run(language: "es", text: "Hola " + scotland)])
    }

    @Test func wordsKeepTheirStretchsLanguage() {
        let text = "Content warning: " + LanguageMarks.mark("spoilers de la serie", language: "es") + "."
        let words = LanguageMarks.words(in: text)
        #expect(words.map(LanguageMarks.shown) == ["Content", "warning:", "⟨es⟩spoilers⟨/es⟩", "⟨es⟩de⟨/es⟩", "⟨es⟩la⟨/es⟩", "⟨es⟩serie⟨/es⟩", "."])
    }

    @Test func thePrimarySubtag() {
        #expect(LanguageMarks.primary("pt-BR") == "pt")
        #expect(LanguageMarks.primary("EN") == "en")
        #expect(LanguageMarks.primary("") == "")
    }
}
