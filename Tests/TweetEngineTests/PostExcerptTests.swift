import Foundation
import LoowiSupport
import Testing

@testable import TweetEngine

/// Issue 39, item 5: the words an announcement carries, cut at 140 characters on a word and
/// never inside a character (an emoji, a letter with its accent).
@Suite(.timeLimit(.minutes(5))) struct PostExcerptTests {
    func status(_ html: String, warning: String = "", language: String? = nil, media: String? = nil) throws -> Status {
        var post: [String: Any] = [
            "id": "1", "uri": "https://example.social/s/1", "content": html, "visibility": "public", "spoiler_text": warning,
            "account": ["id": "4", "username": "carme", "acct": "carme", "display_name": "Carme Riera"],
        ]
        if let language { post["language"] = language }
        if let media { post["media_attachments"] = [["id": "m", "type": "image", "url": "https://example.social/m.png", "description": media]] }
        return try JSONDecoder().decode(Status.self, from: JSONSerialization.data(withJSONObject: post))
    }

    func excerpt(_ status: Status, _ options: SpeakableTextOptions = SpeakableTextOptions()) -> String? {
        PostExcerpt.of(status, options: options).map(LanguageMarks.shown)
    }

    static let mention = #"<span class="h-card"><a href="https://example.social/@ada" class="u-url mention">@<span>ada</span></a></span>"#

    @Test func theHandlesItStartsWithAreLeftOutAndASentenceEnds() throws {
        #expect(try excerpt(status("<p>\(Self.mention) @bob are you there?</p>")) == "are you there?")
        #expect(try excerpt(status("<p>\(Self.mention) see you at 5</p>")) == "see you at 5.")
        // A handle inside the words is a word.
        #expect(try excerpt(status("<p>ask \(Self.mention) first</p>")) == "ask @ada first.")
    }

    @Test func aWarningIsSaidInsteadOfWhatItHides() throws {
        #expect(try excerpt(status("<p>the butler did it</p>", warning: "spoilers")) == "Content warning: spoilers.")
        #expect(try excerpt(status("<p>the butler did it</p>", warning: "spoilers"), SpeakableTextOptions(language: .spanish)) == "Aviso de contenido: spoilers.")
    }

    @Test func aPostOfOnlyAnImageGivesTheImageAndAnEmptyOneNothing() throws {
        #expect(try excerpt(status("<p>\(Self.mention)</p>", media: "a cat asleep")) == "Image: a cat asleep.")
        #expect(try excerpt(status("<p>\(Self.mention)</p>")) == nil)
    }

    @Test func aPostInItsOwnLanguageIsMarkedWhole() throws {
        let options = SpeakableTextOptions(language: .britishEnglish, readsPostLanguage: true)
        #expect(try excerpt(status("<p>\(Self.mention) ¿estás?</p>", language: "es"), options) == "⟨es⟩¿estás?⟨/es⟩")
    }

    @Test func theCutFallsOnAWordBeforeTheLimit() {
        let words = String(repeating: "word ", count: 40)  // 200 characters
        let cut = PostExcerpt.cut(words, limit: 140)
        #expect(cut == String(repeating: "word ", count: 28).trimmingSpaces() + "…")
        // Inside a word: back to the space before it; a comma before the cut is dropped.
        #expect(PostExcerpt.cut("one two, three", limit: 10) == "one two…")
        #expect(PostExcerpt.cut("short", limit: 140) == "short")
        // One word longer than the limit is cut inside it rather than said whole.
        #expect(PostExcerpt.cut(String(repeating: "a", count: 200), limit: 140) == String(repeating: "a", count: 140) + "…")
    }

    /// Emoji with skin tones, a family joined by ZWJ, flags and letters with combining accents
    /// are one character each: the cut never splits one, however many bytes or scalars it has.
    @Test(arguments: ["👋🏽", "👨‍👩‍👧", "🇯🇵", "e\u{301}", "1️⃣", "ß"])
    func theCutNeverSplitsACharacter(_ piece: String) {
        let text = String(repeating: piece, count: 200)
        let cut = PostExcerpt.cut(text, limit: 140)
        #expect(cut == String(repeating: piece, count: 140) + "…")
        #expect(cut.count == 141)
        #expect(cut.unicodeScalars.count == piece.unicodeScalars.count * 140 + 1)
    }

    @Test func aLongPostWithEmojiKeptIsCutOnAWordAndWhole() throws {
        var options = SpeakableTextOptions()
        options.unicodeEmoji = .keep
        let text = String(repeating: "hola 👋🏽 ", count: 30)
        let said = try #require(try excerpt(status("<p>\(text)</p>"), options))
        #expect(said.hasSuffix("👋🏽…"))
        #expect(said.count <= 141)
        #expect(said.unicodeScalars.allSatisfy { $0 != "\u{FFFD}" })
    }
}
