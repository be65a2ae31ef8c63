import AccessibleControls
import Foundation
import Synchronization
import Testing
import TweetEngine

@testable import LoowiApp

/// The post view (issue 13, items 1, 4, 5, 6, 10): Enter on a post reads it whole and lists
/// what can be done with it; each action reaches the server exactly once; deleting your post
/// and blocking someone ask first; a vote says what was sent.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PostViewTests {
    typealias Post = FakeMastodon.Post

    /// On top of home: Grace's post mentioning Linus, with a link that has a preview card,
    /// behind a content warning, with counts; then Ada's own post with a poll by Grace below.
    static func withPosts(_ app: AppHarness) -> AppHarness {
        app.server.state.withLock {
            $0.newPosts = [
                Post(
                    id: "110", author: "2",
                    html: #"<p>Map day with <a href="https://fake.social/@linus" class="u-url mention">@linus</a>: <a href="https://www.openstreetmap.org/way/1">openstreetmap.org/way/1</a></p>"#,
                    minutesAgo: 3, spoiler: "maps", mentions: ["3"], card: ("https://www.openstreetmap.org/way/1", "Sagrada Família"),
                    counts: (replies: 2, boosts: 1, favourites: 5)),
                Post(id: "109", author: "1", html: "<p>My own note.</p>", minutesAgo: 4),
                Post(id: "108", author: "2", html: "<p>Tea or coffee?</p>", minutesAgo: 4, poll: .init(options: ["Tea", "Coffee"], votes: [2, 1])),
                Post(id: "107", author: "2", html: "<p>Pick any.</p>", minutesAgo: 4, poll: .init(options: ["Red", "Green", "Blue"], multiple: true)),
            ]
        }
        return app
    }

    @Test func enterReadsThePostWholeAndListsWhatToDoInEnglish() async {
        let app = Self.withPosts(AppHarness())
        await app.open()
        _ = app.said()
        await app.press("Enter")
        #expect(app.said() == [
            "say: Post by Grace Hopper. The post and what to do, list, Grace Hopper. Content warning: maps. Map day with @linus: link to openstreetmap.org: Sagrada Família. 3 minutes ago. 2 replies, 1 boost, 5 favourites, 1 of 13. Down goes through what you can do with it; Enter does it."
        ])
        var heard: [String] = []
        for _ in 0..<11 {
            await app.press("Down")
            heard += app.said()
        }
        #expect(heard == [
            "say: Reply, 2 of 13", "say: Reply to Grace Hopper only, 3 of 13", "say: Boost, 4 of 13", "say: Favourite, 5 of 13",
            "say: Bookmark, 6 of 13", "say: Thread, 7 of 13", "say: Open link to openstreetmap.org: Sagrada Família, 8 of 13",
            "say: Posts by Grace Hopper, 9 of 13", "say: About Grace Hopper, 10 of 13", "say: Mute Grace Hopper, 11 of 13",
            "say: Block Grace Hopper, 12 of 13",
        ])
        await app.press("Down")
        #expect(app.said() == ["say: Report Grace Hopper, 13 of 13"])
        #expect(app.requests.filter { !$0.hasPrefix("GET") }.isEmpty)
    }

    @Test func enterReadsThePostWholeInSpanish() async {
        let app = Self.withPosts(AppHarness(language: .spanish))
        await app.open()
        _ = app.said()
        await app.press("Enter")
        #expect(app.said() == [
            "say: Publicación de Grace Hopper. La publicación y qué hacer, lista, Grace Hopper. Aviso de contenido: maps. Map day with @linus: enlace a openstreetmap.org: Sagrada Família. hace 3 minutos. 2 respuestas, 1 impulso, 5 favoritos, 1 de 13. Abajo recorre lo que puedes hacer con ella; Intro lo hace."
        ])
        await app.press("Down", "Down")
        #expect(app.said() == ["say: Responder, 2 de 13", "say: Responder solo a Grace Hopper, 3 de 13"])
    }

    @Test func boostFavouriteAndBookmarkGoOnceAndTheListSaysWhatYouDid() async {
        let app = Self.withPosts(AppHarness())
        await app.open()
        await app.press("Enter", "Down", "Down", "Down")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said() == ["say: Boosted."])
        await app.press("Down", "Enter")
        #expect(app.said() == ["say: Favourite, 5 of 13", "say: Added to favourites."])
        await app.press("Down", "Enter")
        #expect(app.said() == ["say: Bookmark, 6 of 13", "say: Bookmarked."])
        await app.press("Up")
        #expect(app.said() == ["say: Remove from favourites, 5 of 13"])
        await app.press("Home")
        #expect(app.said().first?.contains("You boosted this. You favourited this. Bookmarked.") == true)
        #expect(app.requests.filter { $0.hasPrefix("POST") } == [
            "POST /api/v1/statuses/110/reblog", "POST /api/v1/statuses/110/favourite", "POST /api/v1/statuses/110/bookmark",
        ])
        #expect(app.server.state.withLock { $0.bookmarked } == ["110"])
        // Back on the timeline, the post says it too.
        await app.press("Escape")
        #expect(app.said().first?.contains("You boosted this. You favourited this. Bookmarked.") == true)
    }

    @Test func aLinkOpensWithXdgOpenOnlyOnADesktop() async {
        let app = Self.withPosts(AppHarness())
        let opened = Mutex<[String]>([])
        app.core.linkOpener = LinkOpener(environment: ["DISPLAY": ":0"]) { launch in
            opened.withLock { $0.append(launch.arguments.joined(separator: " ")) }
            return .opened
        }
        await app.open()
        await app.press("Enter")
        await app.press(Array(repeating: "Down", count: 7))
        _ = app.said()
        await app.press("Enter")
        #expect(app.said() == ["say: Opening link to openstreetmap.org: Sagrada Família."])
        #expect(opened.withLock { $0 } == ["xdg-open https://www.openstreetmap.org/way/1"])
        app.core.linkOpener = LinkOpener(environment: [:]) { _ in
            Issue.record("started a browser without a desktop")
            return .opened
        }
        await app.press("Enter")
        #expect(app.said() == ["say: Nothing here can open it: there is no desktop, and BROWSER names no browser (such as w3m or lynx). Press C to copy the address, or A to hear it."])
    }

    @Test func deletingYourPostAsksFirstAndThenItLeavesEveryBuffer() async {
        let app = Self.withPosts(AppHarness())
        await app.open()
        await app.press("Down", "Enter", "End")
        _ = app.said()
        #expect(app.core.navigator.current.focus.focused is Wheel)
        await app.press("Enter")
        #expect(app.said() == ["say: Delete this post? Press Enter again to delete it; anything else keeps it."])
        // Moving away forgets the question.
        await app.press("Up", "Down", "Enter")
        #expect(app.said().last == "say: Delete this post? Press Enter again to delete it; anything else keeps it.")
        #expect(!app.requests.contains { $0.hasPrefix("DELETE") })
        await app.press("Enter")
        #expect(app.said() == ["say (important): Post deleted.", "say: Home timeline. Posts, list, Deleted., 2 of 8."])
        #expect(app.requests.filter { $0.hasPrefix("DELETE") } == ["DELETE /api/v1/statuses/109"])
        #expect(app.server.state.withLock { $0.deleted } == ["109"])
    }

    @Test func yourOwnPostOffersDeleteAndNoMuteOrBlock() async {
        let app = Self.withPosts(AppHarness())
        await app.open()
        await app.press("Down", "Enter", "End")
        #expect(app.said().last == "say: Delete this post, 10 of 10")
    }

    @Test func muteGoesAtOnceAndBlockAsksFirstInSpanish() async {
        let app = Self.withPosts(AppHarness(language: .spanish))
        await app.open()
        await app.press("Enter", "End", "Up", "Up")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said() == ["say: Grace Hopper silenciado: sus publicaciones ya no llegan a tus cronologías."])
        await app.press("Down", "Enter")
        #expect(app.said() == [
            "say: Bloquear a Grace Hopper, 12 de 13",
            "say: ¿Bloquear a Grace Hopper? No verá tus publicaciones, ni tú las suyas. Pulsa Intro otra vez para bloquear.",
        ])
        await app.press("Enter")
        #expect(app.said() == ["say: Grace Hopper bloqueado."])
        #expect(app.server.state.withLock { $0.moderation } == ["mute 2", "block 2"])
    }

    @Test func aSingleChoiceVoteGoesOnceAndIsSaidInEnglish() async {
        let app = Self.withPosts(AppHarness())
        await app.open()
        await app.press("Down", "Down", "Enter")
        #expect(app.said().last == "say: Post by Grace Hopper. The post and what to do, list, Grace Hopper. Tea or coffee? Poll, one choice: Tea, 2 votes; Coffee, 1 vote. Closes in 3 hours. 4 minutes ago. 0 replies, 0 boosts, 0 favourites, 1 of 13. Down goes through what you can do with it; Enter does it.")
        await app.press(Array(repeating: "Down", count: 7))
        #expect(app.said().last == "say: Vote: Coffee, 8 of 13")
        await app.press("Enter")
        #expect(app.said() == ["say: Vote sent: Coffee."])
        #expect(app.server.state.withLock { $0.votes } == ["p108": [1]])
        // The vote items are gone; the post now says the vote.
        await app.press("Home")
        #expect(app.said() == ["say: Grace Hopper. Tea or coffee? Poll, one choice: Tea, 2 votes; Coffee, 2 votes. You voted: Coffee. Closes in 3 hours. 4 minutes ago. 0 replies, 0 boosts, 0 favourites, 1 of 11"])
    }

    @Test func aMultipleChoiceVoteIsChosenThenSentInSpanish() async {
        let app = Self.withPosts(AppHarness(language: .spanish))
        await app.open()
        await app.press("Down", "Down", "Down", "Enter")
        await app.press(Array(repeating: "Down", count: 6))
        #expect(app.said().last == "say: Red, sin elegir, 7 de 15")
        // Nothing chosen yet: sending says so and sends nothing.
        await app.press("Down", "Down", "Down", "Enter")
        #expect(app.said() == ["say: Green, sin elegir, 8 de 15", "say: Blue, sin elegir, 9 de 15", "say: Enviar el voto, 10 de 15", "say: Elige al menos una opción."])
        await app.press("Up", "Up", "Up", "Enter", "Down", "Down", "Enter")
        #expect(app.said() == ["say: Blue, sin elegir, 9 de 15", "say: Green, sin elegir, 8 de 15", "say: Red, sin elegir, 7 de 15", "say: Red, elegida", "say: Green, sin elegir, 8 de 15", "say: Blue, sin elegir, 9 de 15", "say: Blue, elegida"])
        await app.press("Down", "Enter")
        #expect(app.said() == ["say: Enviar el voto, 10 de 15", "say: Voto enviado: Red y Blue."])
        #expect(app.server.state.withLock { $0.votes } == ["p107": [0, 2]])
        #expect(app.requests.filter { $0.contains("polls") } == ["POST /api/v1/polls/p107/votes"])
    }
}

/// Editing your post from the post view (issue 13, item 5): its own words come back (the
/// source, not the HTML read aloud); the edit reaches the server once and the buffer says
/// "edited".
@MainActor
@Suite(.timeLimit(.minutes(5))) struct EditPostTests {
    @Test func editingYourPostInEnglish() async {
        let app = PostViewTests.withPosts(AppHarness())
        await app.open()
        await app.press("Down", "Enter", "End", "Up")
        #expect(app.said().last == "say: Edit this post, 9 of 10")
        await app.press("Enter")
        #expect(app.said().last?.hasPrefix("say: Edit your post. Post text, text field, My own note., cursor at end.") == true)
        #expect(app.requests.contains("GET /api/v1/statuses/109/source"))
        await app.press("Backspace")
        await app.type(", edited")
        await app.press("Ctrl-S")
        // Back on the timeline, on the post as edited.
        #expect(app.said().suffix(2) == [
            "say (important): Post edited.", "say: Home timeline. Posts, list, Ada Lovelace. My own note, edited. 4 minutes ago, edited, 2 of 8.",
        ])
        #expect(app.server.state.withLock { $0.edits["109"]?.text } == "My own note, edited")
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
    }

    /// The edit form always says whether the post is sensitive: a photo marked sensitive
    /// must not lose the mark because its words were edited.
    @Test func editingKeepsSensitiveMediaMarked() async {
        let app = PostViewTests.withPosts(AppHarness())
        app.server.state.withLock { state in
            if let index = state.newPosts.firstIndex(where: { $0.id == "109" }) { state.newPosts[index].sensitiveMedia = true }
        }
        await app.open()
        await app.press("Down", "Enter", "End", "Up")
        #expect(app.said().last == "say: Edit this post, 9 of 10")
        await app.press("Enter")
        await app.type(" Again")
        await app.press("Ctrl-S")
        #expect(app.said().contains("say (important): Post edited."))
        #expect(app.server.state.withLock { $0.edits["109"]?.sensitive } == "true")
    }

    @Test func editingYourPostInSpanish() async {
        let app = PostViewTests.withPosts(AppHarness(language: .spanish))
        await app.open()
        await app.press("Down", "Enter", "End", "Up", "Enter")
        #expect(app.said().last?.hasPrefix("say: Editar tu publicación. Texto de la publicación, campo de texto, My own note.") == true)
        // Unchanged and left: nothing is sent and no draft stays.
        await app.press("Escape")
        #expect(app.requests.filter { $0.hasPrefix("PUT") }.isEmpty)
        #expect(app.core.drafts.draft(for: "edit:109") == nil)
    }
}
