import Foundation
import Testing
@testable import TweetEngine

@Suite struct SpeakableTextTests {
    func text(_ html: String, _ options: SpeakableTextOptions = .init()) -> String {
        SpeakableText.from(html: html, options: options)
    }

    @Test func paragraphsAndLineBreaksBecomeSentences() {
        #expect(text("<p>Hello</p><p>World</p>") == "Hello. World")
        #expect(text("<p>Done!</p><p>Next</p>") == "Done! Next")
        #expect(text("line one<br>line two<br/>line three") == "line one. line two. line three")
        #expect(SpeakableText.segments(html: "<p>a</p><p>b<br />c</p>") == ["a", "b", "c"])
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
        #expect(SpeakableText.from(html: html, customEmojiShortcodes: known) == "hi :blob_cat: at 10:30:00 :unknown:")
        #expect(SpeakableText.from(html: html, options: .init(customEmoji: .name), customEmojiShortcodes: known) == "hi blob cat at 10:30:00 :unknown:")
        #expect(SpeakableText.from(html: html, options: .init(customEmoji: .drop), customEmojiShortcodes: known) == "hi at 10:30:00 :unknown:")
    }

    @Test func unicodeEmojiOptions() {
        let html = "<p>great 👍🏽 work ❤️ 👩‍💻 #1</p>"
        #expect(text(html) == "great 👍🏽 work ❤️ 👩‍💻 #1")
        #expect(text(html, .init(unicodeEmoji: .drop)) == "great work #1")
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

@Suite struct RelativeTimeTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let cases: [(Double, String, String, String)] = [
        (5.0, "just now", "ahora mismo", "ara mateix"),
        (-30.0, "just now", "ahora mismo", "ara mateix"),
        (45.0, "45 seconds ago", "hace 45 segundos", "fa 45 segons"),
        (60.0, "1 minute ago", "hace 1 minuto", "fa 1 minut"),
        (180.0, "3 minutes ago", "hace 3 minutos", "fa 3 minuts"),
        (3600.0, "1 hour ago", "hace 1 hora", "fa 1 hora"),
        (7200.0, "2 hours ago", "hace 2 horas", "fa 2 hores"),
        (86_400.0 * 3, "3 days ago", "hace 3 días", "fa 3 dies"),
        (86_400.0 * 14, "2 weeks ago", "hace 2 semanas", "fa 2 setmanes"),
        (86_400.0 * 65, "2 months ago", "hace 2 meses", "fa 2 mesos"),
        (86_400.0 * 800, "2 years ago", "hace 2 años", "fa 2 anys"),
    ]

    @Test(arguments: cases)
    func phrases(secondsAgo: Double, english: String, spanish: String, catalan: String) {
        let date = now.addingTimeInterval(-secondsAgo)
        #expect(RelativeTime.phrase(for: date, now: now, language: .english) == english)
        #expect(RelativeTime.phrase(for: date, now: now, language: .spanish) == spanish)
        #expect(RelativeTime.phrase(for: date, now: now, language: .catalan) == catalan)
    }

    @Test func waits() {
        #expect(RelativeTime.phrase(after: .seconds(30), language: .english) == "in 30 seconds")
        #expect(RelativeTime.phrase(after: .seconds(200), language: .spanish) == "en 4 minutos")
        #expect(RelativeTime.phrase(after: .seconds(60), language: .catalan) == "d'aquí a 1 minut")
    }
}

@Suite struct ISO8601Tests {
    @Test func parsesTheFormsServersSend() {
        #expect(ISO8601.parse("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(ISO8601.parse("2017-06-26T21:00:00.001Z")?.timeIntervalSince1970 == 1_498_510_800.001)
        #expect(ISO8601.parse("2026-11-22T05:21:50.573080+00:00")?.timeIntervalSince1970.rounded() == 1_795_324_911)
        #expect(ISO8601.parse("2026-11-22T06:21:50+01:00") == ISO8601.parse("2026-11-22T05:21:50Z"))
        #expect(ISO8601.parse("2019-11-24") == ISO8601.parse("2019-11-24T00:00:00Z"))
        #expect(ISO8601.parse("2000-02-29T12:00:00Z")?.timeIntervalSince1970 == 951_825_600)
    }

    @Test func rejectsGarbage() {
        for text in ["", "yesterday", "2026-13-01", "2026-11-22T25:00:00Z", "2026-11-22T05:21:50.Z", "2026-11-22T05:21:50Zjunk", "1795324911"] {
            #expect(ISO8601.parse(text) == nil, "\(text)")
        }
    }
}

@Suite struct EngineErrorSpeechTests {
    @Test func theIssueExample() {
        let error = EngineError.transport(.timedOut)
        #expect(error.spoken(in: .english, retryIn: .seconds(30)).text == "The server is not answering. loowi will try again in 30 seconds.")
        #expect(error.spoken(in: .spanish, retryIn: .seconds(30)).text == "El servidor no responde. loowi lo volverá a intentar en 30 segundos.")
        #expect(error.spoken(in: .catalan, retryIn: .seconds(30)).text == "El servidor no respon. loowi ho tornarà a provar d'aquí a 30 segons.")
    }

    @Test func everyErrorHasADescriptionInEveryLanguage() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let errors: [EngineError] = [
            .transport(.couldNotConnect), .transport(.timedOut), .transport(.insecureURL("http://x")),
            .transport(.certificateNotTrusted), .transport(.responseTooLarge(limit: 1)), .transport(.redirectToOtherHost("evil.example")),
            .transport(.other(code: 99, message: "x")), .http(status: 401, message: nil), .http(status: 404, message: nil),
            .http(status: 422, message: "Text character limit of 500 exceeded"), .http(status: 503, message: nil),
            .rateLimited(until: now.addingTimeInterval(240)), .decoding(detail: "x"), .notLoggedIn,
            .postTooLong(count: 510, maximum: 500), .tokenFileInsecure(path: "/home/u/.config/loowi/accounts.json"),
            .tokenStorage(path: "/p", reason: "r"), .streamingUnavailable, .loginRefused(message: nil), .cancelled,
        ]
        for error in errors {
            var seen: Set<String> = []
            for language in EngineLanguage.allCases {
                let message = error.spoken(in: language, now: now)
                #expect(!message.description.isEmpty)
                seen.insert(message.text)
            }
            #expect(seen.count == 3, "\(error) is not translated")
        }
        #expect(EngineError.rateLimited(until: now.addingTimeInterval(240)).spoken(in: .english, now: now).text
            == "The server asks loowi to slow down. loowi will try again in 4 minutes.")
        #expect(EngineError.tokenFileInsecure(path: "/p/accounts.json").spoken(in: .english).advice == "To fix it, run: chmod 600 /p/accounts.json")
        #expect(EngineError.postTooLong(count: 510, maximum: 500).spoken(in: .spanish).advice == "Quita 10 caracteres.")
        #expect(EngineError.http(status: 422, message: "Text too long").spoken(in: .english).description == "The server refused this. Text too long")
    }
}
