import Foundation
import Testing

@testable import TweetEngine

/// The reading options the settings screen sets (issue 12): emoji by name or counted in runs,
/// and hashtags split where the writer's capitals and digits show the words.
@Suite(.timeLimit(.minutes(5))) struct ListenerTextOptionsTests {
    func read(_ html: String, _ options: SpeakableTextOptions) -> String {
        PostText.from(html: "<p>" + html + "</p>", options: options)
    }

    @Test func emojiByNameInEveryLanguage() {
        let names = SpeakableTextOptions(unicodeEmoji: .names)
        #expect(read("Done 🎉 now", names) == "Done party popper now")
        #expect(read("Hi 👋🏽!", names) == "Hi waving hand: medium skin tone!")
        // A space after an emoji stays before punctuation that starts a word: a tag, a mention.
        #expect(read("Love 🌹 #tag @ana 🌹(x)", names) == "Love rose #tag @ana rose(x)")
        // The digits and letters of ordinary text are not emoji.
        #expect(read("Room 101, #tag", names) == "Room 101, #tag")
    }

    @Test func aRunOfThreeOrMoreIsCountedInTheListenersLanguage() {
        let english = SpeakableTextOptions(unicodeEmoji: .collapse)
        #expect(read("Great 🎉🎉 day", english) == "Great party popper, party popper day")
        #expect(read("Great 🎉 🎉 🌈 🌈 🌈 day", english) == "Great 5 emoji: party popper, and 4 more day")
        var spanish = english
        spanish.language = .spanish
        #expect(read("Genial 🎉🎉🎉", spanish) == "Genial 3 emojis: cañón de confeti, y 2 más")
        var catalan = english
        catalan.language = .catalan
        #expect(read("🎉🎉🎉", catalan) == "3 emojis: tub de confeti, i 2 més")
    }

    @Test func hashtagsAreReadAsWordsUnlessTheSettingIsOff() {
        let split = SpeakableTextOptions(splitsHashtags: true)
        let words = HashtagWords(segmenter: nil)
        #expect(words.inline("#COVID19Vaccine and #HTTPServer") == "COVID 19 vaccine and HTTP server")
        // Not a hashtag: a # inside a word, alone, or before a number.
        #expect(words.inline("C#Sharp # x #1") == "C#Sharp # x #1")
        let html = #"<a href="https://x.social/tags/DogsOfMastodon" class="mention hashtag">#<span>DogsOfMastodon</span></a> woof"#
        #expect(read(html + " wag", split) == "dogs of mastodon woof wag")
        #expect(read(html + " wag", SpeakableTextOptions()) == "#DogsOfMastodon woof wag")
    }
}

/// Issue 13, item 1 (part): reading a post says what the listener did with it.
@Suite(.timeLimit(.minutes(5))) struct YourMarksOnAPostTests {
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

/// Issue 15, item 2: an emoji run is counted, yet word-by-word reading reaches each emoji; a
/// custom emoji is read as its words.
@Suite(.timeLimit(.minutes(5))) struct EmojiRunWordsTests {
    let collapse = SpeakableTextOptions(customEmoji: .name, unicodeEmoji: .collapse)

    @Test func theIssuesExampleIsCounted() {
        let html = "<p>Storm ⛈️⛈️🌧️🌧️⚡ tonight</p>"
        #expect(PostText.from(html: html, options: collapse) == "Storm 5 emoji: cloud with lightning and rain, and 4 more tonight")
        var spanish = collapse
        spanish.language = .spanish
        #expect(PostText.from(html: html, options: spanish) == "Storm 5 emojis: nube con rayo y lluvia, y 4 más tonight")
    }

    @Test func wordByWordReachesEachEmojiOfARun() {
        let html = "<p>Yes🎉🎉🎉! :blob_cat: 𝓯𝓾𝓷 #caturday</p>"
        #expect(PostText.words(html: html, options: collapse, customEmojiShortcodes: ["blob_cat"]) == [
            "Yes", "party popper", "party popper", "party popper!", "blob", "cat", "styled", "text:", "fun", "#caturday",
        ])
        #expect(PostText.from(html: html, options: collapse, customEmojiShortcodes: ["blob_cat"])
            == "Yes 3 emoji: party popper, and 2 more! blob cat styled text: fun #caturday")
        // Left to the voice or dropped: the words as they are.
        #expect(PostText.words(html: "<p>a 🎉 b</p>", options: SpeakableTextOptions()) == ["a", "🎉", "b"])
        #expect(PostText.words(html: "<p>a 🎉 b</p>", options: SpeakableTextOptions(unicodeEmoji: .drop)) == ["a", "b"])
    }

    @Test func customEmojiAreWordsByDefaultInTheApp() {
        #expect(PostText.from(html: "<p>hi :blob_cat:</p>", options: collapse, customEmojiShortcodes: ["blob_cat"]) == "hi blob cat")
    }
}
