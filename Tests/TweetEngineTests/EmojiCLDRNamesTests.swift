import Foundation
import LoowiSupport
import Testing

@testable import TweetEngine

/// Issue 39, item 4: emoji said as people say them, CLDR's text-to-speech names in the post's
/// language (else the interface's), each sequence named once: flags, keycaps, skin tones, ZWJ
/// families and professions. The expected names are CLDR 41's (Debian's unicode-cldr-core,
/// common/annotations and annotationsDerived), as `scripts/make-emoji-names` copies them; the
/// sequences are written as posts write them (with U+FE0F where it belongs).
@Suite(.timeLimit(.minutes(5))) struct EmojiCLDRNamesTests {
    static let table: [(emoji: String, en: String, es: String, ca: String)] = [
        ("👋", "waving hand", "mano saludando", "mà que saluda"),
        ("🇯🇵", "flag: Japan", "Bandera: Japón", "bandera: Japó"),
        ("🏴󠁧󠁢󠁥󠁮󠁧󠁿", "flag: England", "Bandera: Inglaterra", "bandera: Anglaterra"),
        ("1️⃣", "keycap: 1", "Teclas: 1", "tecla: 1"),
        ("#️⃣", "keycap: #", "Teclas: #", "tecla: #"),
        ("👍🏽", "thumbs up: medium skin tone", "pulgar hacia arriba: tono de piel medio", "polze cap amunt: pell morena"),
        ("👨‍👩‍👧", "family: man, woman, girl", "familia: hombre, mujer, niña", "família: home, dona i noia"),
        ("👩🏽‍💻", "woman technologist: medium skin tone", "profesional de la tecnología mujer: tono de piel medio", "tecnòloga: pell morena"),
        ("❤️‍🔥", "heart on fire", "corazón en llamas", "cor en flames"),
        ("❤‍🔥", "heart on fire", "corazón en llamas", "cor en flames"),
    ]

    func status(_ html: String, language: String?) throws -> Status {
        var post: [String: Any] = [
            "id": "1", "uri": "https://example.social/s/1", "content": html, "visibility": "public", "spoiler_text": "",
            "account": ["id": "4", "username": "carme", "acct": "carme", "display_name": "Carme Riera"],
        ]
        if let language { post["language"] = language }
        return try JSONDecoder().decode(Status.self, from: JSONSerialization.data(withJSONObject: post))
    }

    func heard(_ text: String, post language: String?, interface: Language = .britishEnglish) throws -> String {
        let options = SpeakableTextOptions(unicodeEmoji: .names, language: interface)
        return try status("<p>\(text)</p>", language: language).text(options: options)
    }

    @Test func eachSequenceIsNamedOnceInThePostsLanguage() throws {
        for row in Self.table {
            let en = try heard(row.emoji, post: "en")
            #expect(en == row.en, "\(row.emoji)")
            #expect(try heard(row.emoji, post: "es") == row.es, "\(row.emoji)")
            #expect(try heard(row.emoji, post: "ca-ES") == row.ca, "\(row.emoji)")
        }
    }

    @Test func theInterfaceLanguageWhenThePostsIsUnknownOrHasNoNames() throws {
        #expect(try heard("Hola 👋", post: nil, interface: .spanish) == "Hola mano saludando")
        #expect(try heard("Bonjour 👋", post: "fr", interface: .catalan) == "Bonjour mà que saluda")
        #expect(try heard("Hello 👋", post: nil) == "Hello waving hand")
    }

    /// A Spanish post under the English interface, read in its own voice: the names and the
    /// count of a run in Spanish, inside the post's own stretch.
    @Test func aRunInASpanishPostIsCountedInSpanish() throws {
        let options = SpeakableTextOptions(unicodeEmoji: .collapse, language: .britishEnglish, readsPostLanguage: true)
        let text = try status("<p>¡Feliz día! 🎉🎉🎉🎉🎉</p>", language: "es").text(options: options)
        // Unmarked here: `StatusSpeech` marks the whole text for the Spanish voice, the count with it.
        #expect(LanguageMarks.shown(text) == "¡Feliz día! 5 emojis: cañón de confeti, y 4 más")
        let english = try status("<p>Happy day! 🎉🎉🎉🎉🎉</p>", language: "en").text(options: options)
        #expect(english == "Happy day! 5 emoji: party popper, and 4 more")
    }

    @Test func wordByWordNamesEachInThePostsLanguage() throws {
        let options = SpeakableTextOptions(unicodeEmoji: .collapse, language: .britishEnglish)
        #expect(try status("<p>Sí👋🇯🇵</p>", language: "es").textWords(options: options) == ["Sí", "mano saludando", "Bandera: Japón"])
    }

    /// The content warning is the author's words too.
    @Test func aWarningsEmojiAreInThePostsLanguage() throws {
        var post = try status("<p>x</p>", language: "es")
        post.spoilerText = "spoilers 🎉"
        #expect(post.spokenWarning(options: SpeakableTextOptions(unicodeEmoji: .names)) == "spoilers cañón de confeti")
    }

    /// Only the languages heard are read, each once; without loowi's data the Unicode name is said.
    @Test func namesAreReadPerLanguageWhenFirstNeeded() {
        let store = EmojiNameStore(data: DataDirectory.current)
        #expect(store.languagesHeld == 0)
        let spanish = { var o = SpeakableTextOptions(language: .spanish); o.emojiLanguage = .spanish; return o }()
        #expect(EmojiFilter.name(of: "👋", options: spanish, store: store) == "mano saludando")
        #expect(EmojiFilter.name(of: "🎉", options: spanish, store: store) == "cañón de confeti")
        #expect(store.languagesHeld == 1)
        // Kept as the file's bytes with an index: about the file's size.
        #expect((150_000...220_000).contains(store.bytesHeld), "\(store.bytesHeld)")
        let none = EmojiNameStore(data: nil)
        #expect(EmojiFilter.name(of: "👋", options: spanish, store: none) == "waving hand sign")
    }

    @Test func aDamagedFileIsNotBelieved() {
        #expect(EmojiNameStore.parse(Array("# header\n👋\twaving hand\n".utf8))?["👋"] == "waving hand")
        #expect(EmojiNameStore.parse(Array("👋 no tab here\n".utf8)) == nil)
        #expect(EmojiNameStore.parse(Array("👋\t\n".utf8)) == nil)
        // Control bytes, or lines out of order (a search would miss names), are damage too.
        #expect(EmojiNameStore.parse(Array("👋\twaving\u{1B}[31m hand\n".utf8)) == nil)
        #expect(EmojiNameStore.parse(Array("👋\twaving hand\n🎉\tparty popper\n".utf8)) == nil)
        #expect(EmojiNameStore.parse(Array("🎉\tparty popper\n👋\twaving hand\n".utf8))?.count == 2)
    }
}
