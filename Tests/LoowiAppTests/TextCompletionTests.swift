import AccessibleControls
import Testing

@testable import LoowiApp

/// Completion in compose's text (issue 39, item 2): "@", "#" and ":" words, asked once typing
/// pauses, gone through with Down and Up, written with Enter or Tab.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct TextCompletionTests {
    static func composing(_ language: Language = .britishEnglish) async -> AppHarness {
        let app = AppHarness(language: language)
        app.server.state.withLock {
            $0.strangers = [FakeMastodon.Person(id: "9", username: "gracie", name: "Gracie Lou")]
            $0.knownTags = ["bread", "breakfast"]
        }
        await app.open()
        await app.press("n")
        return app
    }

    /// Typing pauses, the server is asked once; what was typed meanwhile asked nothing.
    func pause(_ app: AppHarness) async {
        app.wait(TextCompleter.pause + .milliseconds(50))
        await app.core.settle()
    }

    @Test func theWordAtTheCursorAsksOnlyWhenItStartsAWord() {
        func word(_ text: String) -> CompletionWord? { CompletionWord.at(Array(text), cursor: text.count) }
        #expect(word("Hi @gra") == CompletionWord(kind: .account, query: "gra"))
        #expect(word("(@grace@example.org") == CompletionWord(kind: .account, query: "grace@example.org"))
        #expect(word("#bre") == CompletionWord(kind: .hashtag, query: "bre"))
        #expect(word("so :blob") == CompletionWord(kind: .emoji, query: "blob"))
        for nothing in ["mail ana@example.org", "at 10:30", "smile :D", "a#b", "@", "#", "@gra ", "x:blob", ""] {
            #expect(word(nothing) == nil, "\(nothing)")
        }
        // In the middle of the text, the word before the cursor counts.
        #expect(CompletionWord.at(Array("@gra and"), cursor: 4) == CompletionWord(kind: .account, query: "gra"))
    }

    @Test func peopleYouFollowComeFirstAndEnterWritesTheHandle() async {
        let app = await Self.composing()
        await app.type("Hi @g")
        // Typing on within the pause asks nothing for "@g".
        app.wait(TextCompleter.pause / 2)
        await app.type("ra")
        await pause(app)
        // One word asked for, once typing paused: people followed, then everyone.
        #expect(app.server.state.withLock { $0.accountSearches } == ["gra true", "gra false"])
        _ = app.said()
        await app.press("Down")
        #expect(app.said() == ["say: Grace Hopper, @grace, 1 of 2"])
        await app.press("Down")
        #expect(app.said() == ["say: Gracie Lou, @gracie, 2 of 2"])
        await app.press("Down")
        #expect(app.heard() == ["sound: boundary", "say: Gracie Lou, @gracie, 2 of 2"])
        await app.press("Up", "Enter")
        #expect(app.said().last == "say: @grace written.")
        await app.type("lunch?")
        await app.press("Ctrl-S")
        #expect(app.server.state.withLock { $0.posted }.first?["status"] == "Hi @grace lunch?")
    }

    /// Down before the answer says it is looking; the answer is said when it comes; Tab writes.
    @Test func inSpanishDownBeforeTheAnswerWaitsForIt() async {
        let app = await Self.composing(.spanish)
        await app.type("Hola @gra")
        _ = app.said()
        await app.press("Down")
        #expect(app.said() == ["say: Buscando @gra.", "say: Grace Hopper, @grace, 1 de 2"])
        await app.press("Tab")
        #expect(app.said() == ["say: @grace escrito."])
        #expect(app.core.navigator.current.focus.focused.id == "text")
        #expect(app.server.state.withLock { $0.accountSearches } == ["gra true", "gra false"])
    }

    @Test(arguments: [
        (Language.britishEnglish, "say: No one found for @zzz."), (Language.spanish, "say: No se ha encontrado a nadie para @zzz."),
    ])
    func nobodyFoundIsSaid(language: Language, sentence: String) async {
        let app = await Self.composing(language)
        await app.type("@zzz")
        await pause(app)
        _ = app.said()
        await app.press("Down")
        #expect(app.heard() == ["sound: soft-error", sentence])
    }

    @Test(arguments: [(Language.britishEnglish, "1 of 2"), (Language.spanish, "1 de 2")])
    func hashtagsComeFromTheServersSearch(language: Language, position: String) async {
        let app = await Self.composing(language)
        await app.type("Baking #bre")
        await pause(app)
        _ = app.said()
        await app.press("Down")
        #expect(app.said() == ["say: #bread, \(position)"])
        await app.press("Enter")
        #expect((app.core.appScreen(at: 1) as? ComposeScreen)?.field.text == "Baking #bread ")
    }

    /// Issue 39, items 2 and 10: the hashtags the user follows that start with the word come
    /// first, then the server's search, each once whatever its case (#BreadMaking followed,
    /// #breadmaking found); a followed one that does not match is left out. The followed
    /// hashtags are asked for once, with the first `#` word.
    @Test(arguments: [(Language.britishEnglish, "of"), (Language.spanish, "de")])
    func followedHashtagsComeFirst(language: Language, of: String) async {
        let app = AppHarness(language: language)
        app.server.state.withLock {
            $0.knownTags = ["bread", "breadmaking", "breakfast"]
            $0.followedTags = ["BreadMaking", "linux"]
        }
        await app.open()
        await app.press("n")
        await app.type("Baking #bre")
        await pause(app)
        _ = app.said()
        await app.press("Down", "Down", "Down", "Down")
        #expect(app.said() == [
            "say: #BreadMaking, 1 \(of) 3", "say: #bread, 2 \(of) 3", "say: #breakfast, 3 \(of) 3", "say: #breakfast, 3 \(of) 3",
        ])
        await app.press("Up", "Up", "Enter")
        #expect((app.core.appScreen(at: 1) as? ComposeScreen)?.field.text == "Baking #BreadMaking ")
        await app.type(" #li")
        await pause(app)
        _ = app.said()
        await app.press("Down")
        #expect(app.said() == ["say: #linux, 1 \(of) 1"])
        #expect(app.requests.filter { $0 == "GET /api/v1/followed_tags" }.count == 1)
    }

    /// After the followed hashtags, the ones the user wrote lately (their own latest posts,
    /// newest first), then the search's: each once, whatever its case; asked once a compose.
    @Test(arguments: [(Language.britishEnglish, "of"), (Language.spanish, "de")])
    func yourRecentHashtagsComeAfterTheFollowed(language: Language, of: String) async {
        let app = AppHarness(language: language)
        app.server.state.withLock {
            $0.knownTags = ["bread", "breakfast"]
            $0.followedTags = ["BreadMaking"]
            $0.published = [
                FakeMastodon.Post(id: "901", author: "1", html: "<p>Rye #Brewing #bread</p>", minutesAgo: 5, tags: ["Brewing", "bread"]),
                FakeMastodon.Post(id: "900", author: "1", html: "<p>#breadmaking again</p>", minutesAgo: 50, tags: ["breadmaking"]),
            ]
        }
        await app.open()
        await app.press("n")
        await app.type("Baking #bre")
        await pause(app)
        _ = app.said()
        await app.press("Down", "Down", "Down", "Down")
        #expect(app.said() == [
            "say: #BreadMaking, 1 \(of) 4", "say: #Brewing, 2 \(of) 4", "say: #bread, 3 \(of) 4", "say: #breakfast, 4 \(of) 4",
        ], "\(app.transcript)")
        // Another word: asked again of the search, not of the user's own posts.
        await app.press("Escape")
        await app.type(" #br")
        await pause(app)
        _ = app.said()
        await app.press("Down", "Down")
        #expect(app.said() == ["say: #BreadMaking, 1 \(of) 4", "say: #Brewing, 2 \(of) 4"], "\(app.transcript)")
        #expect(app.requests.filter { $0.hasPrefix("GET /api/v2/search") }.count == 2, "\(app.requests)")
        #expect(app.requests.filter { $0 == "GET /api/v1/accounts/1/statuses" }.count == 1, "\(app.requests)")
        #expect(app.requests.filter { $0 == "GET /api/v1/followed_tags" }.count == 1, "\(app.requests)")
    }

    /// The server's emoji are asked for once and matched here; a shortcode that could not be
    /// typed back ("bad code") is not offered.
    @Test func serverEmojiAreAskedOnceAndEscapeClosesTheSuggestions() async {
        let app = await Self.composing()
        await app.type("Yes :blob")
        await pause(app)
        _ = app.said()
        await app.press("Down", "Down")
        #expect(app.said() == ["say: blobcat, 1 of 2", "say: blobheart, 2 of 2"])
        await app.press("Escape")
        #expect(app.said() == ["say: Suggestions closed."])
        #expect(app.core.navigator.stack.count == 2, "Escape closed the suggestions, not compose")
        await app.type(" :mas")
        await pause(app)
        await app.press("Down", "Enter")
        #expect((app.core.appScreen(at: 1) as? ComposeScreen)?.field.text == "Yes :blob :mastodon: ")
        #expect(app.requests.filter { $0 == "GET /api/v1/custom_emojis" }.count == 1)
    }

    /// The cursor moved off the word heard: Enter does what it always does (reads the text).
    @Test func enterAfterTheCursorLeftTheWordReadsTheText() async {
        let app = await Self.composing()
        await app.type("Hi @gra")
        await pause(app)
        await app.press("Down", "Left")
        _ = app.said()
        await app.press("Enter")
        #expect(!app.said().contains { $0.contains("written") })
        #expect((app.core.appScreen(at: 1) as? ComposeScreen)?.field.text == "Hi @gra")
    }

    /// Away from such a word, Down and Up still move the focus.
    @Test func downElsewhereInTheTextMovesTheFocus() async {
        let app = await Self.composing()
        await app.type("plain words")
        await app.press("Down")
        #expect(app.core.navigator.current.focus.focused.id == "warning")
        #expect(app.server.state.withLock { $0.accountSearches }.isEmpty)
    }
}
