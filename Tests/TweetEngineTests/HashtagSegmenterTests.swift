import Testing

@testable import TweetEngine

/// Issue 15, item 1: an all-lowercase hashtag is cut into words with the word list of its
/// language, and left as written when no cut scores well (names, words the lists lack).
@Suite struct HashtagSegmenterTests {
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

    @Test func theListsAreCompactAndLowercaseASCII() {
        for list in WordList.Language.allCases {
            let frequencies = list.frequencies
            #expect((25_000...25_100).contains(frequencies.count))
            #expect(frequencies.longestWord <= 30)
        }
        for text in [WordList.english, WordList.spanish, WordList.catalan] {
            let lines = text.split(separator: "\n").map { $0.split(separator: " ") }
            #expect(lines.allSatisfy { Int($0[0]).map((10...80).contains) == true && $0.count > 1 })
            #expect(lines.allSatisfy { $0.dropFirst().allSatisfy { $0.allSatisfy { ("a"..."z").contains($0) } } })
        }
        #expect(WordFrequencies.english.zipfTimesTen("the")! > WordFrequencies.english.zipfTimesTen("mastodon")!)
        #expect(WordFrequencies.spanish.zipfTimesTen("dia") != nil)  // "día", accent folded
        #expect(WordFrequencies.english.zipfTimesTen("día") == nil)
    }

    @Test func aLongOrHostileTagCostsLittleAndIsLeftWhole() {
        let long = String(repeating: "ab", count: 200)
        #expect(cut(long, .english) == long)
        #expect(HashtagSegmenter(list: .english).wordEnds(Array("x")) == nil)
    }
}

/// The word lists' one-pass parser reads exactly what a plain split of the lines reads.
@Suite struct WordFrequenciesParseTests {
    static func reference(_ list: String) -> (table: [String: UInt8], longest: Int) {
        var table: [String: UInt8] = [:]
        var longest = 0
        for line in list.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let first = fields.first, let value = UInt8(first) else { continue }
            for word in fields.dropFirst() {
                table[String(word)] = value
                longest = max(longest, word.utf8.count)
            }
        }
        return (table, longest)
    }

    @Test(arguments: [WordList.english, WordList.spanish, WordList.catalan])
    func theListsReadAsAPlainSplitReadsThem(list: String) {
        let parsed = WordFrequencies(list: list)
        let expected = Self.reference(list)
        #expect(parsed.count == expected.table.count)
        #expect(parsed.longestWord == expected.longest)
        #expect(expected.table.allSatisfy { parsed.zipfTimesTen($0.key) == $0.value })
    }

    @Test func linesThatDoNotStartWithANumberAreSkipped() {
        let parsed = WordFrequencies(list: "50 the of\nabc def\n 40 lost\n1000 big\n45 dog\n")
        // As a split reads them: a leading space is no field, a number over 255 is no value.
        #expect(parsed.count == 4)
        #expect(parsed.zipfTimesTen("of") == 50 && parsed.zipfTimesTen("dog") == 45 && parsed.zipfTimesTen("lost") == 40)
        #expect(parsed.zipfTimesTen("def") == nil && parsed.zipfTimesTen("big") == nil)
    }
}
