import Testing

@testable import LoowiApp

/// Issue 39, item 3: which words a dictionary checks (no Hunspell needed).
@Suite(.timeLimit(.minutes(5))) struct SpellingWordsTests {
    func words(_ text: String) -> [String] { SpellingWords.words(in: text).map(\.text) }

    @Test func plainWordsWithTheirPlaces() {
        #expect(SpellingWords.words(in: "I have a mispelt wrod.") == [
            SpellingWord(text: "I", range: 0..<1), SpellingWord(text: "have", range: 2..<6), SpellingWord(text: "a", range: 7..<8),
            SpellingWord(text: "mispelt", range: 9..<16), SpellingWord(text: "wrod", range: 17..<21),
        ])
    }

    @Test func apostrophesAndMiddleDotsStayInsideWords() {
        #expect(words("don't l'home col·legi ‘quoted’ rock'n'roll") == ["don't", "l'home", "col·legi", "quoted", "rock'n'roll"])
        #expect(words("'hola' y adiós'") == ["hola", "y", "adiós"])
    }

    @Test func namesTagsLinksCustomEmojiAndNumbersAreNotChecked() {
        #expect(words("hi @grace@example.social and #accessibilitat, (@bob) https://example.org/wrod www.wrod.org :blobcat: ok") == ["hi", "and", "ok"])
        #expect(words("the 2nd of 3 h2o 12:30 1,5 fine") == ["the", "of", "fine"])
    }

    @Test func emojiAreNotWordsAndSplitNothing() {
        #expect(words("hola👋mundo 🇯🇵 👨‍👩‍👧 café") == ["hola", "mundo", "café"])
    }

    @Test func graphemesKeepTheirMarksAndPlaces() {
        // "é" written as e + combining acute is one Character: offsets count it once.
        let text = "cafe\u{301} ñu"
        #expect(SpellingWords.words(in: text) == [SpellingWord(text: "cafe\u{301}", range: 0..<4), SpellingWord(text: "ñu", range: 5..<7)])
    }

    @Test func punctuationAndHyphensSplit() {
        #expect(words("well-known, «sí» ¿qué? ¡vale!") == ["well", "known", "sí", "qué", "vale"])
    }
}
