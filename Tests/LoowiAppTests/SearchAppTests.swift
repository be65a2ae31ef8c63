import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// Search (issue 13, item 8): `s` opens one field; Enter searches and the results open as a
/// buffer, people then hashtags then posts; Enter on each opens it; a hashtag's posts are a
/// buffer whose slot 3 follows the hashtag, checked on the server.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct SearchAppTests {
    typealias Post = FakeMastodon.Post

    static func withACompilerTag(_ app: AppHarness) -> AppHarness {
        app.server.state.withLock {
            $0.newPosts = [Post(id: "150", author: "3", html: "<p>Reading about <a href=\"https://fake.social/tags/compilers\" class=\"hashtag\">#compilers</a></p>", minutesAgo: 1)]
        }
        return app
    }

    @Test func sSearchesAndTheResultsAreABufferInEnglish() async {
        let app = Self.withACompilerTag(AppHarness())
        await app.open()
        _ = app.said()
        await app.press("s")
        #expect(app.said() == [
            "say: Search. People, hashtags or posts, text field, empty, cursor at end. Type words, @someone, #hashtag or a post's address, then Enter."
        ])
        await app.type("compilers")
        _ = app.said()
        await app.press("Enter")
        #expect(app.requests.last == "GET /api/v2/search")
        #expect(app.said().last == "say: Search: compilers. Hashtag: #compilers, used by 3 people lately, 1 of 3")
        await app.press("Down")
        #expect(app.said() == ["say: Post: Linus. Reading about compilers. 1 minute ago, 2 of 3"])
        await app.press("Down")
        #expect(app.said() == ["say: Post: Grace Hopper. Compilers are fun. 5 minutes ago, 3 of 3"])
        // Escape closes the results and goes back where they were opened from: the search,
        // its words kept to refine; Escape again goes home.
        await app.press("Escape")
        #expect(app.said().first?.hasPrefix("say: Search. People, hashtags or posts, text field, compilers") == true)
        await app.press("Escape")
        #expect(app.said().first?.hasPrefix("say: Home timeline. ") == true)
    }

    @Test func aPersonIsFoundAndOpensTheirDetailsInSpanish() async {
        let app = AppHarness(language: .spanish)
        await app.open()
        await app.press("s")
        await app.type("grace")
        _ = app.said()
        await app.press("Enter")
        // How you stand with them, from one relationships request (issue 35, item 4).
        #expect(app.said().last == "say: Búsqueda: grace. Persona: Grace Hopper, @grace, sigues a esta persona, te sigue, 1 de 1")
        #expect(app.requests.filter { $0 == "GET /api/v1/accounts/relationships" }.count == 1)
        await app.press("Enter")
        #expect(app.said().last?.hasPrefix("say: Detalles de Grace Hopper.") == true)
    }

    @Test func nothingFoundIsSaid() async {
        let app = AppHarness()
        await app.open()
        await app.press("s")
        await app.press("Enter")
        #expect(app.said().last == "say: Type what to search for first.")
        await app.type("zebra")
        await app.press("Enter")
        #expect(app.said().last == "say: Search: zebra. Nothing found for zebra.")
    }

    @Test func aHashtagsPostsAreABufferAndItCanBeFollowed() async {
        let app = Self.withACompilerTag(AppHarness())
        await app.open()
        await app.press("s")
        await app.type("#compilers")
        await app.press("Enter")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().last == "say: Posts with #compilers. Linus. Reading about compilers. 1 minute ago, 1 of 1")
        #expect(app.requests.contains("GET /api/v1/timelines/tag/compilers"))
        // Slot 3 follows it: Shift-Tab twice from the wheel reaches it.
        await app.press("Shift-Tab", "Shift-Tab")
        #expect(app.said() == ["say: New post, button. Enter or Space activates.", "say: Follow #compilers, button."])
        await app.press("Enter")
        #expect(app.said() == ["say: Following #compilers: its posts come to your home timeline."])
        #expect(app.server.state.withLock { $0.followedTags } == ["compilers"])
        await app.press("Enter")
        #expect(app.said() == ["say: No longer following #compilers."])
        #expect(app.server.state.withLock { $0.followedTags }.isEmpty)
    }

    @Test func aHashtagIsFollowedInSpanish() async {
        let app = Self.withACompilerTag(AppHarness(language: .spanish))
        await app.open()
        await app.press("s")
        await app.type("#compilers")
        await app.press("Enter")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().last?.hasPrefix("say: Publicaciones con #compilers. Linus. Reading about compilers.") == true)
        await app.press("Shift-Tab", "Shift-Tab")
        #expect(app.said().last == "say: Seguir #compilers, botón.")
        await app.press("Enter")
        #expect(app.said() == ["say: Sigues #compilers: sus publicaciones llegan a tu cronología de inicio."])
        #expect(app.server.state.withLock { $0.followedTags } == ["compilers"])
        await app.press("Enter")
        #expect(app.said() == ["say: Ya no sigues #compilers."])
        #expect(app.server.state.withLock { $0.followedTags }.isEmpty)
    }
}
