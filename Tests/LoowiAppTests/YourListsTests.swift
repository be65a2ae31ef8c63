import AccessibleControls
import Testing
import TranscriptTesting
import TweetEngine

@testable import LoowiApp

/// Issue 39, item 10: the user's own lists from any timeline: H the hashtags they follow
/// (Enter opens one as a buffer), I and O their followers and whom they follow, X and B the
/// people they muted and blocked, where x and B take it back and the person leaves the list.
/// Mutes and blocks come one a page from the fake server: both people are heard only when the
/// Link header is followed.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct YourListsTests {
    @Test(arguments: [
        (Language.britishEnglish,
         "say: Followed hashtags. Hashtags, list, #bread, 1 of 2. Enter opens the hashtag's posts as a buffer.",
         "say: Posts with #bread. Linus. Sourdough"),
        (Language.spanish,
         "say: Etiquetas que sigues. Etiquetas, lista, #bread, 1 de 2. Intro abre las publicaciones de la etiqueta como un búfer.",
         "say: Publicaciones con #bread. Linus. Sourdough"),
    ])
    func followedHashtagsOpenOneAsABuffer(language: Language, list: String, buffer: String) async {
        let app = AppHarness(language: language)
        app.server.state.withLock {
            $0.followedTags = ["bread", "linux"]
            $0.replies = [FakeMastodon.Post(id: "150", author: "3", html: "<p>Sourdough #bread</p>", minutesAgo: 3)]
        }
        await app.open()
        _ = app.said()
        await app.press("H")
        #expect(app.said() == [list], "\(app.transcript)")
        #expect(app.requests.contains("GET /api/v1/followed_tags"))
        await app.press("Enter")
        #expect(app.said().last?.hasPrefix(buffer) == true, "\(app.transcript)")
        #expect(app.requests.contains("GET /api/v1/timelines/tag/bread"))
    }

    /// The buffers' keys work on these lists as on the buffer under them: the list closes
    /// without a word and the buffer is said; a number with no buffer is said and the list
    /// stays. On a list of people (I) and on the followed hashtags (H).
    @Test(arguments: [
        (Language.britishEnglish, "say: Mentions. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2", "say: There is no buffer 9. T opens a post's thread, A its author's posts.", "say: Notifications."),
        (Language.spanish, "say: Menciones. Grace Hopper. @ada Are you coming? hace 2 minutos, 1 de 2", "say: No hay búfer 9. T abre el hilo de una publicación, A las publicaciones de su autor.", "say: Notificaciones."),
    ])
    func theBufferKeysLeaveTheListsForABuffer(language: Language, mentions: String, noBuffer: String, notifications: String) async {
        let app = AppHarness(language: language)
        app.server.state.withLock { $0.followedTags = ["bread"] }
        await app.open()
        await app.press("I")
        #expect(app.core.navigator.stack.count == 2)
        _ = app.said()
        await app.press("9")
        #expect(app.said() == [noBuffer], "\(app.transcript)")
        #expect(app.core.navigator.stack.count == 2)
        await app.press("3")
        #expect(app.said() == [mentions], "\(app.transcript)")
        #expect(app.core.navigator.stack.count == 1)
        await app.press("H")
        #expect(app.core.navigator.stack.count == 2)
        _ = app.said()
        await app.press("[")
        #expect(app.said().last?.hasPrefix(notifications) == true, "\(app.transcript)")
        #expect(app.core.navigator.stack.count == 1)
    }

    @Test(arguments: [
        (Language.britishEnglish, "say: Followed hashtags. Hashtags, list, You follow no hashtags., 1 of 1."),
        (Language.spanish, "say: Etiquetas que sigues. Etiquetas, lista, No sigues ninguna etiqueta., 1 de 1."),
    ])
    func noFollowedHashtagsIsSaidPlainly(language: Language, said: String) async {
        let app = AppHarness(language: language)
        await app.open()
        _ = app.said()
        await app.press("H")
        #expect(app.said().first?.hasPrefix(said) == true, "\(app.transcript)")
    }

    @Test(arguments: [
        (Language.britishEnglish, "say: Your followers. People, list, Grace Hopper, @grace, you follow them, follows you, 1 of 3",
         "say: People you follow. People, list, Grace Hopper, @grace, you follow them, follows you, 1 of 3"),
        (Language.spanish, "say: Tus seguidores. Personas, lista, Grace Hopper, @grace, sigues a esta persona, te sigue, 1 de 3",
         "say: A quién sigues. Personas, lista, Grace Hopper, @grace, sigues a esta persona, te sigue, 1 de 3"),
    ])
    func yourFollowersAndWhomYouFollow(language: Language, followers: String, following: String) async {
        let app = AppHarness(language: language)
        await app.open()
        _ = app.said()
        await app.press("I")
        #expect(app.said().first?.hasPrefix(followers) == true, "\(app.transcript)")
        #expect(app.requests.contains("GET /api/v1/accounts/1/followers"))
        await app.press("Escape")
        _ = app.said()
        await app.press("O")
        #expect(app.said().first?.hasPrefix(following) == true, "\(app.transcript)")
        #expect(app.requests.contains("GET /api/v1/accounts/1/following"))
    }

    /// x on the muted list unmutes the person on it, once however often it is pressed while
    /// the server has not answered; they leave the list, and the next is there.
    @Test(arguments: [
        (Language.britishEnglish, "say: Muted accounts. People, list, Grace Hopper, @grace, you follow them, follows you, muted, 1 of 2",
         "say: Unmuted Grace Hopper.", "Linus, @linus, you follow them"),
        (Language.spanish, "say: Cuentas silenciadas. Personas, lista, Grace Hopper, @grace, sigues a esta persona, te sigue, silenciada, 1 de 2",
         "say: Has dejado de silenciar a Grace Hopper.", "Linus, @linus, sigues a esta persona"),
    ])
    func xUnmutesFromTheMutedList(language: Language, list: String, unmuted: String, next: String) async throws {
        let app = AppHarness(language: language)
        app.server.state.withLock { $0.muted = ["2", "3"] }
        await app.open()
        _ = app.said()
        await app.press("X")
        #expect(app.said().first?.hasPrefix(list) == true, "\(app.transcript)")
        #expect(app.requests.filter { $0 == "GET /api/v1/mutes" }.count == 2, "both pages, by the Link header")
        app.pressNow("x")
        app.pressNow("x")
        await app.core.settle()
        #expect(app.said().contains(unmuted), "\(app.transcript)")
        #expect(app.server.state.withLock { $0.moderation } == ["unmute 2"])
        let screen = try #require(app.core.appScreen(at: 1) as? PeopleListScreen)
        #expect(screen.people.map(\.id) == ["3"])
        #expect(app.focusedItem?.hasPrefix(next) == true, "\(app.focusedItem ?? "")")
    }

    @Test(arguments: [
        (Language.britishEnglish, "say: Blocked accounts. People, list, Grace Hopper, @grace, you follow them, follows you, blocked, 1 of 2",
         "say: Unblocked Grace Hopper.", "You have blocked no one."),
        (Language.spanish, "say: Cuentas bloqueadas. Personas, lista, Grace Hopper, @grace, sigues a esta persona, te sigue, bloqueada, 1 de 2",
         "say: Has desbloqueado a Grace Hopper.", "No has bloqueado a nadie."),
    ])
    func bUnblocksFromTheBlockedList(language: Language, list: String, unblocked: String, nobody: String) async throws {
        let app = AppHarness(language: language)
        app.server.state.withLock { $0.blocked = ["2", "3"] }
        await app.open()
        _ = app.said()
        await app.press("B")
        #expect(app.said().first?.hasPrefix(list) == true, "\(app.transcript)")
        // No question first: unblocking takes nothing away.
        await app.press("B")
        #expect(app.said() == [unblocked], "\(app.transcript)")
        await app.press("B")
        #expect(app.server.state.withLock { $0.moderation } == ["unblock 2", "unblock 3"])
        #expect(app.focusedItem == nobody)
    }

    /// The whole round as a listener hears it, checked in: the followed hashtags and one
    /// opened, your followers, the muted and blocked lists with an unmute and an unblock.
    @Test(arguments: [Language.britishEnglish, .spanish])
    func yourListsAsHeard(language: Language) async throws {
        let app = AppHarness(language: language)
        app.server.state.withLock {
            $0.followedTags = ["bread"]
            $0.muted = ["3"]
            $0.blocked = ["4"]
        }
        await app.open()
        await app.press("H", "Enter", "Escape", "Escape", "I", "Down", "Escape", "X", "x", "Escape", "B", "B", "Escape")
        try assertTranscript(app.transcript, named: language == .spanish ? "app-your-lists-spanish" : "app-your-lists-english")
    }

    /// A refused unmute is said in the user's language, and the person stays on the list.
    @Test(arguments: [
        (Language.britishEnglish, "say (important): The server has a problem (error 500). Try again in a moment."),
        (Language.spanish, "say (important): El servidor tiene un problema (error 500). Vuelve a intentarlo dentro de un momento."),
    ])
    func aFailedUnmuteKeepsThePerson(language: Language, failure: String) async throws {
        let app = AppHarness(language: language)
        app.server.state.withLock {
            $0.muted = ["2", "3"]
            $0.failures["unmute"] = 500
        }
        await app.open()
        await app.press("X")
        _ = app.heard()
        await app.press("x")
        #expect(app.heard() == ["sound: error", failure])
        #expect(app.server.state.withLock { $0.muted } == ["2", "3"])
        let screen = try #require(app.core.appScreen(at: 1) as? PeopleListScreen)
        #expect(screen.people.map(\.id) == ["2", "3"])
        #expect(app.focusedItem?.hasPrefix("Grace Hopper, @grace") == true)
    }
}
