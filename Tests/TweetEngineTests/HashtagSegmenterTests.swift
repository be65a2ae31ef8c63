import Foundation
import LoowiSupport
import Testing

@testable import TweetEngine

/// Issue 15, item 1: an all-lowercase hashtag is cut into words with the word list of its
/// language, and left as written when no cut scores well (names, words the lists lack).
@Suite(.timeLimit(.minutes(5))) struct HashtagSegmenterTests {
    func cut(_ tag: String, _ list: WordList.Language) -> String {
        HashtagWords(segmenter: HashtagSegmenter(list: list)).words(of: Substring(tag))
    }

    @Test(arguments: [
        ("dogsofmastodon", "dogs of mastodon"), ("catsofmastodon", "cats of mastodon"),
        ("photooftheday", "photo of the day"), ("wordoftheday", "word of the day"),
        ("blacklivesmatter", "black lives matter"), ("throwbackthursday", "throwback thursday"),
        ("opensource", "open source"), ("climatecrisis", "climate crisis"), ("nowplaying", "now playing"),
        ("screenshotsaturday", "screenshot saturday"), ("fridaysforfuture", "fridays for future"),
        ("machinelearning", "machine learning"), ("mastodonmigration", "mastodon migration"),
        // A name the list lacks may be a word of a cut, when long enough to be one.
        ("emmanuelmacron", "emmanuel macron"), ("presidentmacron", "president macron"),
    ])
    func englishTagsAreCut(tag: String, words: String) {
        #expect(cut(tag, .english) == words)
    }

    @Test(arguments: [
        // Names, as a whole or into nonsense ("mac ron", "urs ula", "go to social").
        "macron", "ursula", "kamala", "zelensky", "ayuso", "feijoo", "junqueras", "obama", "beyonce", "trudeau",
        "gotosocial", "mastodon", "fediverse", "caturday", "inktober", "neovim", "kotlin", "duolingo",
        // Words of the list, never cut into smaller ones ("the rapist", "to get her").
        "therapist", "together", "accessibility", "introductions", "gardening", "independence",
        // Too short to cut, or letters the lists cannot spell.
        "cat", "ok", "naïveté", "straße", "кошки",
    ])
    func englishTagsLeftAsWritten(tag: String) {
        #expect(cut(tag, .english) == tag)
    }

    @Test func spanishTagsAreCutWithTheirAccentsKept() {
        #expect(cut("díadelamadre", .spanish) == "día de la madre")
        #expect(cut("diadelamadre", .spanish) == "dia de la madre")
        #expect(cut("feliznavidad", .spanish) == "feliz navidad")
        #expect(cut("buenosdias", .spanish) == "buenos dias")
        #expect(cut("cambioclimatico", .spanish) == "cambio climatico")
        #expect(cut("gatosdemastodon", .spanish) == "gatos de mastodon")
        #expect(cut("eleccionesgenerales", .spanish) == "elecciones generales")
        for name in ["macron", "ursula", "ayuso", "gotosocial", "sevilla", "puigdemont", "nochebuena", "colau"] {
            #expect(cut(name, .spanish) == name)
        }
    }

    @Test func catalanTagsAreCut() {
        #expect(cut("bonvespre", .catalan) == "bon vespre")
        #expect(cut("bonanit", .catalan) == "bona nit")
        #expect(cut("diadesantjordi", .catalan) == "dia de sant jordi")
        #expect(cut("feliçdijous", .catalan) == "feliç dijous")
        #expect(cut("gatsdemastodon", .catalan) == "gats de mastodon")
        for name in ["macron", "ursula", "puigdemont", "gotosocial", "correllengua", "llibres"] {
            #expect(cut(name, .catalan) == name)
        }
    }

    @Test func theListIsTheLanguagesOwn() {
        // A Spanish or Catalan tag means nothing to the English list.
        #expect(cut("diadelamadre", .english) == "diadelamadre")
        #expect(cut("feliznavidad", .english) == "feliznavidad")
        #expect(cut("bonanit", .english) == "bonanit")
    }

    @Test func capitalsDigitsAndUnderscoresStillShowTheWords() {
        #expect(cut("DogsOfMastodon", .english) == "dogs of mastodon")
        #expect(cut("COVID19Vaccine", .english) == "COVID 19 vaccine")
        #expect(cut("HTTPServer", .english) == "HTTP server")
        #expect(cut("snake_case_tag", .english) == "snake case tag")
        #expect(cut("covid19vaccine", .english) == "covid 19 vaccine")
        // A capitalised name is said in lowercase; a word in capitals may be initials.
        #expect(cut("BBC", .english) == "BBC")
        // Without a list, an all-lowercase tag is left as written.
        #expect(HashtagWords(segmenter: nil).words(of: "dogsofmastodon") == "dogsofmastodon")
    }

    @Test func theLanguageIsThePostsWhenItHasAList() {
        #expect(WordList.Language.forPost("es", interface: .britishEnglish) == .spanish)
        #expect(WordList.Language.forPost("ca-ES", interface: .spanish) == .catalan)
        #expect(WordList.Language.forPost("en", interface: .catalan) == .english)
        #expect(WordList.Language.forPost("de", interface: .spanish) == .spanish)
        #expect(WordList.Language.forPost(nil, interface: .americanEnglish) == .english)
    }

    @Test func theListsAreCompactAndLowercaseASCII() throws {
        for list in WordList.Language.allCases {
            let lines = try WordFrequenciesLookupTests.lines(list)
            #expect((25_000...25_100).contains(lines.count))
            #expect(lines.allSatisfy { $0[0].utf8.count <= WordList.longestWord })
            #expect(lines.allSatisfy { $0.count == 2 && Int($0[1]).map((10...80).contains) == true })
            #expect(lines.allSatisfy { !$0[0].isEmpty && $0[0].allSatisfy { ("a"..."z").contains($0) } })
        }
        let english = try #require(WordListStore.shared.frequencies(.english))
        let spanish = try #require(WordListStore.shared.frequencies(.spanish))
        #expect(english.zipfTimesTen("the")! > english.zipfTimesTen("mastodon")!)
        #expect(spanish.zipfTimesTen("dia") != nil)  // "día", accent folded
        #expect(english.zipfTimesTen("día") == nil)
    }

    @Test func aLongOrHostileTagCostsLittleAndIsLeftWhole() {
        let long = String(repeating: "ab", count: 200)
        #expect(cut(long, .english) == long)
        #expect(HashtagSegmenter(list: .english).wordEnds(Array("x")) == nil)
    }
}

/// The word lists are searched as they are written: every listed word is found with its value,
/// and nothing else is.
@Suite(.timeLimit(.minutes(5))) struct WordFrequenciesLookupTests {
    /// The list's file in the checkout, as `scripts/make-wordlists` wrote it.
    static func file(_ list: WordList.Language) throws -> String {
        let data = try #require(DataDirectory.current, "the tests run from the checkout, which holds Data/")
        return try String(contentsOfFile: data.path(.wordList(list.code)), encoding: .utf8)
    }

    /// The lines after the header, split into word and value.
    static func lines(_ list: WordList.Language) throws -> [[Substring]] {
        try file(list).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ", omittingEmptySubsequences: false) }
    }

    @Test(arguments: WordList.Language.allCases)
    func theListsAreSortedWithEveryWordOnce(list: WordList.Language) throws {
        let words = try Self.lines(list).map { $0[0] }
        // Strictly increasing in byte order: the binary search depends on it.
        #expect(zip(words, words.dropFirst()).allSatisfy { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test(arguments: WordList.Language.allCases)
    func everyListedWordIsFoundWithItsValue(list: WordList.Language) throws {
        let frequencies = try #require(WordListStore.shared.frequencies(list))
        let lines = try Self.lines(list)
        #expect(lines.allSatisfy { frequencies.zipfTimesTen(String($0[0])) == UInt8($0[1]) })
    }

    @Test(arguments: WordList.Language.allCases)
    func wordsNotListedAreNotFound(list: WordList.Language) throws {
        let frequencies = try #require(WordListStore.shared.frequencies(list))
        let listed = Set(try Self.lines(list).map { String($0[0]) })
        // Each word with a letter more or less, and pieces before the first and after the last.
        var candidates = ["", "0", "a a", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "zzzzzzzzzzzz", "{", "ñ"]
        for word in listed.prefix(2000) {
            candidates += [word + "q", word + "zz", String(word.dropLast()), "a" + word, word + " "]
        }
        for candidate in candidates where !listed.contains(candidate) {
            #expect(frequencies.zipfTimesTen(candidate) == nil, "\(candidate)")
        }
    }

    @Test func aSmallListFromFirstLineToLast() {
        let frequencies = WordFrequencies(lines: "a 70\nab 31\nabc 255\nb 40\nbig 300\ndog 45\nzebra 12")
        #expect(frequencies.zipfTimesTen("a") == 70 && frequencies.zipfTimesTen("ab") == 31 && frequencies.zipfTimesTen("abc") == 255)
        #expect(frequencies.zipfTimesTen("b") == 40 && frequencies.zipfTimesTen("dog") == 45 && frequencies.zipfTimesTen("zebra") == 12)
        // A value that is no number up to 255 is no value.
        #expect(frequencies.zipfTimesTen("big") == nil)
        #expect(frequencies.zipfTimesTen("aa") == nil && frequencies.zipfTimesTen("zebras") == nil && frequencies.zipfTimesTen("c") == nil)
        #expect(WordFrequencies(lines: "").zipfTimesTen("a") == nil)
        // A last line with its newline is read as one without.
        #expect(WordFrequencies(lines: "a 70\nb 40\n").zipfTimesTen("b") == 40)
        #expect(WordFrequencies(lines: "a 70\nb 40\n").zipfTimesTen("c") == nil)
    }
}
