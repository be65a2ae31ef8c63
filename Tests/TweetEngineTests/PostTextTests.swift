import Foundation
import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct PostTextTests {
    func text(_ html: String, _ options: SpeakableTextOptions = .init()) -> String {
        PostText.from(html: html, options: options)
    }

    @Test func paragraphsAndLineBreaksBecomeSentences() {
        #expect(text("<p>Hello</p><p>World</p>") == "Hello. World")
        #expect(text("<p>Done!</p><p>Next</p>") == "Done! Next")
        #expect(text("line one<br>line two<br/>line three") == "line one. line two. line three")
        #expect(PostText.segments(html: "<p>a</p><p>b<br />c</p>") == ["a", "b", "c"])
    }

    @Test func mastodonMentionsHashtagsAndLinks() throws {
        let status = try Fixtures.decode(Status.self, "status-boost.json").displayed
        #expect(
            status.text()
                == "Hello @grace look at link to example.com #accessibility. Second paragraph. with a line break & an entity")
        #expect(
            status.text(options: .init(links: .full))
                == "Hello @grace look at example.com/some/long/path/to #accessibility. Second paragraph. with a line break & an entity")
        #expect(status.text(options: .init(links: .omit)).hasPrefix("Hello @grace look at #accessibility."))
        #expect(status.text(options: .init(language: .spanish)).contains("enlace a example.com"))
        #expect(status.text(options: .init(language: .catalan)).contains("enllaç a example.com"))
    }

    @Test func linkHostDropsWwwPortAndCredentials() {
        #expect(text(#"<a href="https://user:pw@www.Example.org:8443/x">https://www.example.org/x</a>"#) == "link to example.org")
        // Link text that is words, not a URL, is read as written.
        #expect(text(#"<a href="https://example.org/about">my blog</a>"#) == "my blog")
    }

    @Test func invisibleSpansAreDropped() {
        #expect(text(#"<p>a<span class="invisible">hidden <span>nested</span> still</span>b</p>"#) == "ab")
        #expect(text(#"<span class="invisible">x</span></span></span>after"#) == "after")
    }

    @Test func entitiesAreDecoded() {
        #expect(text("caf&eacute; &amp; &lt;tag&gt; &quot;q&quot; &#39;s&#x27; &#233; &hellip; &unknown; &amp") == "café & <tag> \"q\" 's' é … &unknown; &")
        #expect(text("a &#x1F600; b") == "a 😀 b")
    }

    @Test func entitiesCannotSmuggleControlCharacters() {
        // The decoded ESC starts a real escape sequence, which the sanitiser then removes whole.
        #expect(text("x&#27;[31my&#x1b;]0;t&#7;z") == "xyz")
        let decoded = text("&#27;[2J&#x9B;31m&#8238;rev&#x2066;&#x200B;&#0;&#xD800;&#99999999999;end")
        for scalar in decoded.unicodeScalars {
            #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
            #expect(![0x202E, 0x2066, 0x200B].contains(scalar.value))
        }
        #expect(decoded.hasSuffix("end"))
    }

    @Test func malformedHTMLDoesNotLoseText() {
        #expect(text("a < b and c > d") == "a < b and c > d")
        #expect(text("<p>unclosed <b>bold") == "unclosed bold")
        #expect(text("text then <a href=\"x") == "text then")
        #expect(text("<!-- comment -->visible<!-- open") == "visible")
        #expect(text("<p title='a>b'>quoted</p>") == "quoted")
        #expect(text("<script>alert('x')</script><style>p{}</style>ok") == "ok")
        #expect(text("") == "")
        #expect(text("<<<>>>") == "<<<>>>")
    }

    @Test func customEmojiOptions() {
        let html = "<p>hi :blob_cat: at 10:30:00 :unknown:</p>"
        let known: Set<String> = ["blob_cat"]
        #expect(PostText.from(html: html, customEmojiShortcodes: known) == "hi :blob_cat: at 10:30:00 :unknown:")
        #expect(PostText.from(html: html, options: .init(customEmoji: .name), customEmojiShortcodes: known) == "hi blob cat at 10:30:00 :unknown:")
        #expect(PostText.from(html: html, options: .init(customEmoji: .drop), customEmojiShortcodes: known) == "hi at 10:30:00 :unknown:")
        // Without a list any ASCII code is one; letters beyond ASCII, a lone letter and an
        // empty pair of colons are not, and the text around them is kept as it was.
        let mixed = "<p>é:ça: :ok_1: :a: :: fin:</p>"
        #expect(PostText.from(html: mixed, options: .init(customEmoji: .name)) == "é:ça: ok 1 :a: :: fin:")
        #expect(PostText.from(html: mixed, options: .init(customEmoji: .drop)) == "é:ça: :a: :: fin:")
    }

    @Test func unicodeEmojiOptions() {
        let html = "<p>great 👍🏽 work ❤️ 👩‍💻 #1</p>"
        #expect(text(html) == "great 👍🏽 work ❤️ 👩‍💻 #1")
        #expect(text(html, .init(unicodeEmoji: .drop)) == "great work #1")
    }

    /// The emoji pass is skipped for text without a scalar from U+20E3 up (`mayHoldEmoji`):
    /// that holds only while no scalar below it is an emoji by itself, which this checks
    /// against the Unicode data the program runs with.
    @Test func noCharacterBelowU20E3IsAnEmoji() {
        for value in UInt32(0)..<0x20E3 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(!EmojiFilter.isEmoji(Character(scalar)), "U+\(String(value, radix: 16)) is an emoji")
        }
        // The skip keeps every emoji that has one: keycaps (built on "1"), VS16 hearts, flags.
        for text in ["1️⃣", "❤️", "©️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "⌚"] { #expect(EmojiFilter.mayHoldEmoji(text), "\(text)") }
        #expect(!EmojiFilter.mayHoldEmoji("Plain text, café, “quotes” and … an ellipsis #1"))
        #expect(text("<p>press 1️⃣ now</p>", .init(unicodeEmoji: .names)) == "press keycap: 1 now")
    }

    /// `isEmoji` looks up Emoji_Presentation only from U+231A (watch) up, which holds only
    /// while no scalar below it has the property in the Unicode data the program runs with.
    @Test func noScalarBelowTheWatchIsEmojiPresentation() {
        for value in UInt32(0)..<EmojiFilter.firstEmojiPresentation {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(!scalar.properties.isEmojiPresentation, "U+\(String(value, radix: 16))")
        }
        #expect(Unicode.Scalar(EmojiFilter.firstEmojiPresentation)!.properties.isEmojiPresentation)
        #expect(EmojiFilter.isEmoji("⌚") && EmojiFilter.isEmoji("🌹") && !EmojiFilter.isEmoji("⌙"))
    }

    @Test func hugeAndDeepHTMLIsHandled() {
        let deep = String(repeating: "<span>", count: 100_000) + "deep" + String(repeating: "</span>", count: 100_000)
        #expect(text(deep) == "deep")
        let many = String(repeating: "<p>word &amp; <a href=\"https://e.example/x\">https://e.example/x</a></p>", count: 20_000)
        let result = text(many)
        #expect(result.hasPrefix("word & link to e.example. word & link to e.example."))
        let unclosedQuotes = "<a href=\"" + String(repeating: "x", count: 1_000_000)
        #expect(text(unclosedQuotes) == "")
    }
}
