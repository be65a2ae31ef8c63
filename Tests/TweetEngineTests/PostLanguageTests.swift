import Foundation
import LoowiSupport
import Testing

@testable import TweetEngine

/// Issue 15, item 3: a post's own words are marked for its language's voice; the interface's
/// words (name, time, "boosted", "Image:") are not.
@Suite(.timeLimit(.minutes(5))) struct PostLanguageTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func status(
        language: String?, text: String = "¡Feliz día a todas!", warning: String = "", media: String? = nil, boostedBy: Bool = false
    ) throws -> Status {
        var post: [String: Any] = [
            "id": "1", "uri": "https://example.social/s/1", "content": "<p>\(text)</p>", "visibility": "public",
            "spoiler_text": warning, "created_at": ISO8601.format(Self.now.addingTimeInterval(-120)),
            "account": ["id": "4", "username": "carme", "acct": "carme", "display_name": "Carme Riera"],
        ]
        if let language { post["language"] = language }
        if let media { post["media_attachments"] = [["id": "m", "type": "image", "url": "https://example.social/m.png", "description": media]] }
        let object: [String: Any] =
            boostedBy
            ? [
                "id": "2", "uri": "https://example.social/s/2", "content": "", "visibility": "public", "spoiler_text": "",
                "account": ["id": "7", "username": "tom", "acct": "tom", "display_name": "Tom Walsh"], "reblog": post,
            ]
            : post
        return try JSONDecoder().decode(Status.self, from: JSONSerialization.data(withJSONObject: object))
    }

    func heard(_ status: Status, interface: Language = .britishEnglish, on: Bool = true) -> String {
        let options = SpeakableTextOptions(language: interface, readsPostLanguage: on)
        return LanguageMarks.shown(StatusSpeech(status, options: options, now: Self.now).sentence(language: interface))
    }

    @Test func aSpanishPostUnderAnEnglishInterfaceHasItsWordsInSpanish() throws {
        #expect(try heard(status(language: "es")) == "Carme Riera. ⟨es⟩¡Feliz día a todas!⟨/es⟩ 2 minutes ago")
        // Who boosted it and whose it is stay in the interface's voice.
        let boosted = try heard(status(language: "es", boostedBy: true))
        #expect(boosted == "Tom Walsh boosted Carme Riera: ⟨es⟩¡Feliz día a todas!⟨/es⟩ 2 minutes ago")
    }

    @Test func theWarningAndTheDescriptionsAreTheAuthorsWordsToo() throws {
        let post = try status(language: "es", warning: "política", media: "Una plaza llena")
        #expect(
            heard(post)
                == "Carme Riera. Content warning: ⟨es⟩política⟨/es⟩. ⟨es⟩¡Feliz día a todas!⟨/es⟩ Image: ⟨es⟩Una plaza llena⟨/es⟩. 2 minutes ago"
        )
    }

    @Test func anEnglishPostUnderASpanishInterfaceHasItsWordsInEnglish() throws {
        #expect(try heard(status(language: "en", text: "Happy day!"), interface: .spanish) == "Carme Riera. ⟨en⟩Happy day!⟨/en⟩ hace 2 minutos")
    }

    @Test func theSameLanguageAnUntaggedPostOrTheSettingOffMarkNothing() throws {
        // "en" under American English is the same language: no switch.
        #expect(try heard(status(language: "en", text: "Happy day!"), interface: .americanEnglish) == "Carme Riera. Happy day! 2 minutes ago")
        #expect(try heard(status(language: "ES"), interface: .spanish) == "Carme Riera. ¡Feliz día a todas! hace 2 minutos")
        #expect(try heard(status(language: nil)) == "Carme Riera. ¡Feliz día a todas! 2 minutes ago")
        #expect(try heard(status(language: "es"), on: false) == "Carme Riera. ¡Feliz día a todas! 2 minutes ago")
    }

    @Test func aServerCannotForgeAMarkOrAVoiceSwitch() throws {
        // U+E0001 LANGUAGE TAG and tags spelling "es" in a post's text, a name and a tag value.
        let forged = "\u{E0001}\u{E0065}\u{E0073}hola\u{E0001}\u{E007F}"
        let post = try status(language: "es\u{E0001}", text: "Hi " + forged)
        let said = StatusSpeech(post, options: SpeakableTextOptions(readsPostLanguage: true), now: Self.now).sentence(language: .english)
        // The only marks are loowi's own, around the post's words (the code cleaned to "es").
        #expect(
            LanguageMarks.runs(in: said) == [
                .init(language: nil, text: "Carme Riera. "), .init(language: "es", text: "Hi hola"), .init(language: nil, text: ". 2 minutes ago"),
            ])
        // A flag's tag characters are kept: they are part of the emoji.
        let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(Sanitizer.clean("Go " + scotland, for: .line) == "Go " + scotland)
        #expect(Sanitizer.clean("Go " + scotland + "\u{E0001}\u{E0065}", for: .line) == "Go " + scotland)
    }
}

/// Issue 15, item 6: with voices for people, the author's words (text, warning, descriptions)
/// carry their voice in the mark, chosen or derived from the handle; the interface's words,
/// and the booster's name, do not.
@Suite(.timeLimit(.minutes(5))) struct PersonVoiceMarkTests {
    func heard(_ status: Status, interface: Language = .britishEnglish, voices: [String: PersonVoice]? = [:]) -> String {
        var options = SpeakableTextOptions(language: interface, readsPostLanguage: true)
        options.personVoices = voices
        return LanguageMarks.shown(StatusSpeech(status, options: options, now: PostLanguageTests.now).sentence(language: interface))
    }

    @Test func theAuthorsWordsAreInTheirOwnVoice() throws {
        let tests = PostLanguageTests()
        // Carme's derived voice is f1, 3 lower (worked out apart, in Python).
        #expect(try heard(tests.status(language: "en", text: "Happy day!")) == "Carme Riera. ⟨en-gb-x-f1-n3⟩Happy day!⟨/en-gb-x-f1-n3⟩ 2 minutes ago")
        // In Spanish, the language and the voice together; the booster stays in the interface's.
        #expect(
            try heard(tests.status(language: "es", boostedBy: true))
                == "Tom Walsh boosted Carme Riera: ⟨es-x-f1-n3⟩¡Feliz día a todas!⟨/es-x-f1-n3⟩ 2 minutes ago")
        let described = try heard(tests.status(language: "es", warning: "política", media: "Una plaza"))
        #expect(described.contains("Content warning: ⟨es-x-f1-n3⟩política⟨/es-x-f1-n3⟩"))
        #expect(described.contains("Image: ⟨es-x-f1-n3⟩Una plaza⟨/es-x-f1-n3⟩"))
    }

    @Test func aChosenVoiceWinsAndOffMarksOnlyTheLanguage() throws {
        let tests = PostLanguageTests()
        let chosen = ["carme": PersonVoice(variant: "f3", pitchOffset: 10)!]
        #expect(try heard(tests.status(language: "es"), voices: chosen) == "Carme Riera. ⟨es-x-f3-p10⟩¡Feliz día a todas!⟨/es-x-f3-p10⟩ 2 minutes ago")
        #expect(try heard(tests.status(language: "es"), voices: nil) == "Carme Riera. ⟨es⟩¡Feliz día a todas!⟨/es⟩ 2 minutes ago")
    }
}
