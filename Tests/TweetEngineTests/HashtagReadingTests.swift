import Testing

@testable import TweetEngine

/// Issue 15, item 1: hashtags in a post are heard as words, and the block of tags that ends a
/// post is said once as "Hashtags: a, b, c" in the listener's language.
@Suite(.timeLimit(.minutes(5))) struct HashtagReadingTests {
    func read(_ html: String, _ language: Language = .english, post: String? = nil, split: Bool = true) -> String {
        PostText.from(html: html, options: SpeakableTextOptions(splitsHashtags: split, language: language), postLanguage: post)
    }

    func tag(_ name: String) -> String {
        #"<a href="https://x.social/tags/\#(name)" class="mention hashtag" rel="tag">#<span>\#(name)</span></a>"#
    }

    @Test func aClosingParagraphOfTagsIsSaidOnceAfterTheText() {
        let html = "<p>Morning walk.</p><p>\(tag("dogsofmastodon")) \(tag("SilentSunday")) \(tag("caturday"))</p>"
        #expect(read(html) == "Morning walk. Hashtags: dogs of mastodon, silent sunday, caturday")
        #expect(read(html, .spanish, post: "en") == "Morning walk. Etiquetas: dogs of mastodon, silent sunday, caturday")
        #expect(read(html, .catalan, post: "en") == "Morning walk. Etiquetes: dogs of mastodon, silent sunday, caturday")
        // Off: as written, where it was written.
        #expect(read(html, split: false) == "Morning walk. #dogsofmastodon #SilentSunday #caturday")
    }

    @Test func twoOrMoreTagsEndingTheTextAreTheBlock() {
        #expect(read("<p>Lovely evening \(tag("sunset")) \(tag("beachlife")).</p>") == "Lovely evening. Hashtags: sunset, beach life")
        // One tag ending a sentence is a word of it.
        #expect(read("<p>I love \(tag("caturday"))</p>") == "I love caturday")
        #expect(read("<p>I love \(tag("caturday")) so much</p>") == "I love caturday so much")
        // One tag alone in the last paragraph is the block, said in the singular.
        #expect(read("<p>New photo.</p><p>\(tag("photooftheday"))</p>") == "New photo. Hashtag: photo of the day")
        #expect(read("<p>Foto nueva.</p><p>\(tag("fotodeldia"))</p>", .spanish, post: "es") == "Foto nueva. Etiqueta: foto del dia")
    }

    @Test func tagsOnLinesOfTheirOwnAreOneBlock() {
        let html = "<p>Reading list.<br>\(tag("bookstodon"))<br>\(tag("amreading"))</p>"
        #expect(read(html) == "Reading list. Hashtags: bookstodon, am reading")
        #expect(PostText.segments(html: html, options: SpeakableTextOptions(splitsHashtags: true)) == [
            "Reading list.", "Hashtags: bookstodon, am reading",
        ])
    }

    /// Where a piece is only looked at by its first or last word (the cheap checks before it
    /// is cut into words), the results are those of reading every word.
    @Test func aPieceIsJudgedByItsWordsWhateverSurroundsThem() {
        #expect(HashtagReading.tagsAlone("  #cats #dogs ") == ["cats", "dogs"])
        #expect(HashtagReading.tagsAlone("#cats and #dogs") == nil)
        #expect(HashtagReading.tagsAlone("cats #dogs") == nil)
        #expect(HashtagReading.tagsAlone("") == nil)
        #expect(HashtagReading.endingTags("Sunset #beach #sea.  ")?.0 == "Sunset")
        #expect(HashtagReading.endingTags("Sunset #beach #sea.  ")?.1 == ["beach", "sea"])
        #expect(HashtagReading.endingTags("#beach #sea") == nil)
        #expect(HashtagReading.endingTags("#beach #sea then words") == nil)
        #expect(HashtagReading.endingTags("C# and #1") == nil)
        #expect(HashtagReading.endingTags("   ") == nil)
        #expect(HashtagWords(segmenter: nil).inline("no tags at all") == "no tags at all")
        #expect(HashtagWords(segmenter: nil).inline("keycap #️⃣ stays") == "keycap #️⃣ stays")
    }

    @Test func theTagsInsideTheTextLoseOnlyTheirHash() {
        #expect(read("<p>Join \(tag("OpenSource")) week, \(tag("nowplaying")) jazz #1 hit</p>") == "Join open source week, now playing jazz #1 hit")
        // A post of tags alone is all block.
        #expect(read("<p>\(tag("cats")) \(tag("dogs"))</p>") == "Hashtags: cats, dogs")
    }

    @Test func thePostsLanguageChoosesTheList() {
        let html = "<p>Un abrazo \(tag("diadelamadre")) \(tag("feliznavidad"))</p>"
        #expect(read(html, .english, post: "es") == "Un abrazo. Hashtags: dia de la madre, feliz navidad")
        #expect(read(html, .spanish, post: "es") == "Un abrazo. Etiquetas: dia de la madre, feliz navidad")
        // No language on the post: the interface's list.
        #expect(read(html, .spanish) == "Un abrazo. Etiquetas: dia de la madre, feliz navidad")
        #expect(read(html, .english) == "Un abrazo. Hashtags: diadelamadre, feliznavidad")
        #expect(read("<p>Bon dia \(tag("bonanit")) \(tag("diadesantjordi"))</p>", .english, post: "ca")
            == "Bon dia. Hashtags: bona nit, dia de sant jordi")
    }

    @Test func hostileTagsCannotSmuggleAnything() {
        let html = "<p>x \(tag("a&#27;[31mb")) \(tag("c&#8238;d"))</p>"
        for scalar in read(html).unicodeScalars {
            #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && scalar.value != 0x202E)
        }
    }
}
