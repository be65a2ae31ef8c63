import Foundation
import Testing

@testable import TweetEngine

/// The reading options the settings screen sets (issue 12): emoji by name or counted in runs,
/// and hashtags split where the writer's capitals and digits show the words.
@Suite struct ListenerTextOptionsTests {
    func read(_ html: String, _ options: SpeakableTextOptions) -> String {
        SpeakableText.from(html: "<p>" + html + "</p>", options: options)
    }

    @Test func emojiByNameInEveryLanguage() {
        let names = SpeakableTextOptions(unicodeEmoji: .names)
        #expect(read("Done 🎉 now", names) == "Done party popper now")
        #expect(read("Hi 👋🏽!", names) == "Hi waving hand sign!")
        // The digits and letters of ordinary text are not emoji.
        #expect(read("Room 101, #tag", names) == "Room 101, #tag")
    }

    @Test func aRunOfThreeOrMoreIsCountedInTheListenersLanguage() {
        let english = SpeakableTextOptions(unicodeEmoji: .collapse)
        #expect(read("Great 🎉🎉 day", english) == "Great party popper, party popper day")
        #expect(read("Great 🎉 🎉 🌈 🌈 🌈 day", english) == "Great 5 emoji: party popper, and 4 more day")
        var spanish = english
        spanish.language = .spanish
        #expect(read("Genial 🎉🎉🎉", spanish) == "Genial 3 emojis: party popper, y 2 más")
        var catalan = english
        catalan.language = .catalan
        #expect(read("🎉🎉🎉", catalan) == "3 emojis: party popper, i 2 més")
    }

    @Test func hashtagsAreSplitWhereCapitalsAndDigitsShowTheWords() {
        let split = SpeakableTextOptions(splitsHashtags: true)
        #expect(HashtagWords.split("#DogsOfMastodon") == "#Dogs Of Mastodon")
        #expect(HashtagWords.split("#COVID19Vaccine and #HTTPServer") == "#COVID 19 Vaccine and #HTTP Server")
        #expect(HashtagWords.split("#dogsofmastodon") == "#dogsofmastodon")
        #expect(HashtagWords.split("#snake_case_tag") == "#snake case tag")
        // Not a hashtag: a # inside a word, or alone.
        #expect(HashtagWords.split("C#Sharp # x") == "C#Sharp # x")
        let html = #"<a href="https://x.social/tags/DogsOfMastodon" class="mention hashtag">#<span>DogsOfMastodon</span></a> woof"#
        #expect(read(html, split) == "#Dogs Of Mastodon woof")
        #expect(read(html, SpeakableTextOptions()) == "#DogsOfMastodon woof")
    }
}

/// Issue 13, item 1 (part): reading a post says what the listener did with it.
@Suite struct YourMarksOnAPostTests {
    func post(boosted: Bool, favourited: Bool, bookmarked: Bool) throws -> Status {
        let json = """
            {"id":"1","created_at":"2026-11-24T10:00:00.000Z","content":"<p>Hello</p>","visibility":"public",
             "reblogged":\(boosted),"favourited":\(favourited),"bookmarked":\(bookmarked),
             "account":{"id":"2","username":"ana","acct":"ana","display_name":"Ana Ruiz"}}
            """
        return try JSONDecoder().decode(Status.self, from: Data(json.utf8))
    }

    @Test func eachMarkIsASentenceInTheListenersLanguage() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let all = try post(boosted: true, favourited: true, bookmarked: true)
        #expect(StatusSpeech(all, options: SpeakableTextOptions(language: .english), now: now).yours
            == ["You boosted this.", "You favourited this.", "Bookmarked."])
        #expect(StatusSpeech(all, options: SpeakableTextOptions(language: .americanEnglish), now: now).yours[1] == "You favorited this.")
        #expect(StatusSpeech(all, options: SpeakableTextOptions(language: .spanish), now: now).yours
            == ["La impulsaste.", "La marcaste como favorita.", "Guardada en marcadores."])
        let none = try post(boosted: false, favourited: false, bookmarked: false)
        #expect(StatusSpeech(none, now: now).yours.isEmpty)
        let favourite = try post(boosted: false, favourited: true, bookmarked: false)
        #expect(StatusSpeech(favourite, options: SpeakableTextOptions(language: .catalan), now: now).sentence(language: .catalan)
            .contains("Hello. La vas marcar com a preferida."))
    }
}
