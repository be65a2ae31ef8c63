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
