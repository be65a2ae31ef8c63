import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// iLoowi's use cases, each driven by keys through the whole app against the fake server:
/// what is said, and what the server was asked to do.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct UseCaseTests {
    @Test func readsTheHomeTimelineWithTheWheel() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("Down")
        #expect(app.said() == ["say: Linus. Content warning: long rant. Press E to read it. 20 minutes ago, 2 of 4"])
        await app.press("e")
        #expect(app.said() == ["say: Linus. Content warning: long rant. Kernel time. 20 minutes ago"])
        await app.press("Down")
        #expect(app.said() == ["say: Grace Hopper boosted Carme Riera. Bon dia! 1 hour ago, 3 of 4"])
        await app.press("End")
        #expect(app.said().first?.contains("4 of 4") == true)
        // Five requests at most for 200 posts; here one page, plus who I am and the limits.
        #expect(app.requests.filter { $0.hasSuffix("timelines/home") }.count == 1)
    }

    @Test func boostsAndFavouritesWithSingleKeys() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("b")
        #expect(app.said() == ["say: Boosted."])
        #expect(app.server.state.withLock { $0.reblogged } == ["105"])
        await app.press("b")
        #expect(app.said() == ["say: Boost removed."])
        await app.press("f")
        #expect(app.said() == ["say: Added to favourites."])
        #expect(app.server.state.withLock { $0.favourited } == ["105"])
        #expect(app.lines.contains("    sound: boost"))
        #expect(app.lines.contains("    sound: favourite"))
    }

    @Test func opensTheAuthorsTimelineAndComesBackToTheSamePost() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down", "Down", "Down")
        _ = app.said()
        await app.press("a")
        #expect(app.said() == ["say: Posts of Grace Hopper. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 2"])
        await app.press("Escape")
        #expect(app.said() == ["say: Home. Grace Hopper. Hello @ada. 2 hours ago, 4 of 4"])
        #expect(app.requests.contains("GET /api/v1/accounts/2/statuses"))
    }

    @Test func detailsSayTheRelationshipBothWays() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down")  // Linus: I follow him, he does not follow me.
        _ = app.said()
        await app.press("d")
        #expect(app.said().first?.hasPrefix("say: Linus's details. Handle, text, @linus.") == true)
        for _ in 0..<6 { await app.press("Tab") }
        // The text hint was said with the handle, the first text of the screen.
        #expect(app.said().last == "say: You and them, text, You follow them. They do not follow you.")
        await app.press("Tab", "Tab", "Tab")
        // Direct message is unavailable, and says why.
        #expect(app.said().last == "say: Direct message, button, unavailable, Linus does not follow you, and loowi sends direct messages only to people who follow you.")
    }

    @Test func listsFollowersAndFollowsOne() async {
        let app = AppHarness()
        app.server.state.withLock { _ = $0.following.remove("4") }  // Carme: locked, not followed
        await app.open()
        await app.press("d")  // Grace's details
        for _ in 0..<7 { await app.press("Tab") }  // to Followers, past the bio
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().first?.hasPrefix("say: Grace Hopper's followers. People, list, Ada Lovelace, @ada, 1 of 3.") == true)
        await app.press("End")
        _ = app.said()
        // Tab to the toolbar's Follow (wheel, handle, name, Back, Info, Follow).
        for _ in 0..<5 { await app.press("Tab") }
        await app.press("Enter")
        #expect(app.said().last == "say: Follow requested. Carme Riera approves followers.")
        #expect(app.server.state.withLock { $0.requested } == ["4"])
    }

    @Test func unfollowsFromDetails() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down", "d")  // Linus
        for _ in 0..<12 { await app.press("Tab") }  // the toolbar's Unfollow
        _ = app.said()
        #expect(app.lines.last(where: { $0.contains("say:") })?.contains("Unfollow, button") == true)
        // Unfollowing asks first (issue 35, item 4); Enter says yes.
        await app.press("Enter")
        #expect(app.said() == ["say: Stop following Linus? Enter: yes. Any other key: no."])
        #expect(app.server.state.withLock { $0.following.contains("3") } == true)
        await app.press("Enter")
        #expect(app.said() == ["say: Stopped following Linus."])
        #expect(app.server.state.withLock { $0.following.contains("3") } == false)
    }

    @Test func repliesWithTheMentionFilledIn() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("r")
        #expect(app.said().first?.hasPrefix("say: Reply to Grace Hopper. Post text, text field, @grace , cursor at end.") == true)
        await app.type("Agreed!")
        // Send comes after the choices beside the text.
        await app.tabToSend()
        #expect(app.said().last?.hasPrefix("say: Send, button") == true)
        await app.press("Enter")
        #expect(app.said().contains("say (important): Post sent."))
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.first?["status"] == "@grace Agreed!")
        #expect(posted.first?["in_reply_to_id"] == "105")
        #expect(app.core.drafts.all.isEmpty)
        #expect(app.core.navigator.stack.count == 1)
    }

    @Test func sendsADirectMessageToAFollower() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("m")  // Grace follows me.
        #expect(app.said().first?.hasPrefix("say: Direct message to Grace Hopper. Post text, text field, @grace ") == true)
        await app.type("Lunch?")
        await app.tabToSend()
        await app.press("Enter")
        #expect(app.said().contains("say (important): Message sent to Grace Hopper."))
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.first?["visibility"] == "direct")
    }

    @Test func isRefusedADirectMessageToSomeoneWhoDoesNotFollow() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down")
        _ = app.said()
        await app.press("m")  // Linus does not follow me.
        let said = app.said()
        #expect(said.count == 1)
        #expect(said.first?.hasPrefix("say (important): ") == true)
        #expect(said.first?.contains("linus") == true)
        #expect(app.core.navigator.stack.count == 1)
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
    }

    @Test func aPostThatFailsIsKeptAndSentOnceOnRetry() async {
        let app = AppHarness()
        await app.open()
        await app.press("n")
        await app.type("Hello")
        app.server.state.withLock { $0.failures["/api/v1/statuses"] = 503 }
        await app.tabToSend()
        _ = app.said()
        await app.press("Enter")
        let said = app.said()
        // A 503 may come from a gateway after the server acted: the post may be out.
        #expect(said.contains("say (important): The server is not answering. Your post may already be out, since an answer from the server was lost. It waits in the outbox: loowi looks for it before sending again, so it is never posted twice."))
        #expect(app.core.drafts.draft(for: "new")?.text == "Hello")
        let key = app.core.drafts.draft(for: "new")?.attempt?.idempotencyKey
        #expect(key != nil)
        #expect(app.core.outbox.all.map(\.id) == [key])
        await app.press("Enter")
        #expect(app.said().contains("say (important): Post sent."))
        let keys = app.transport.requests.filter { $0.url.path == "/api/v1/statuses" }.map { $0.header("Idempotency-Key") }
        #expect(keys == [key, key])
        // It looked among your own posts before sending again.
        #expect(app.requests.contains("GET /api/v1/accounts/1/statuses"))
        #expect(app.core.outbox.all.isEmpty)
        #expect(app.server.state.withLock { $0.posted }.count == 1)
    }

    /// The server published the post and the answer was lost (GoToSocial ignores the key):
    /// Send again finds it and publishes nothing more.
    @Test func aLostAnswerIsFoundAndNeverPostedTwice() async {
        let app = AppHarness()
        await app.open()
        await app.press("n")
        await app.type("Only once")
        app.server.state.withLock { _ = $0.loseAnswer.insert("/api/v1/statuses") }
        await app.tabToSend()
        _ = app.said()
        await app.press("Enter")
        // Issue 35, item 15: the server was reached; only its answer was lost.
        #expect(app.said().contains("say (important): loowi sent the post but the server's answer was lost. So it may be out already. It waits in the outbox: loowi looks for it before sending again, so it is never posted twice."))
        #expect(!app.lines.contains { $0.contains("cannot reach") })
        #expect(app.server.state.withLock { $0.posted }.count == 1)
        await app.press("Enter")
        #expect(app.said().contains("say (important): Your post had already been published; it was not sent again."))
        #expect(app.server.state.withLock { $0.posted }.count == 1)
        #expect(app.core.outbox.all.isEmpty)
        #expect(app.core.drafts.all.isEmpty)
    }

    @Test func aWaitingPostIsSentInTheBackgroundWhenTheServerAnswersAgain() async {
        let app = AppHarness()
        await app.open()
        await app.press("n")
        await app.type("Later")
        app.server.state.withLock { $0.failures["/api/v1/statuses"] = 503 }
        await app.tabToSend()
        await app.press("Enter")
        await app.press("Escape")
        #expect(app.core.outbox.all.count == 1)
        _ = app.said()
        // Within a minute of the failure a refresh does not retry (no hammering)...
        await app.press("u")
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
        // ...after it, the refresh's answer means the server is back: the post goes, said once.
        app.wait(.seconds(61))
        await app.press("u")
        #expect(app.server.state.withLock { $0.posted }.count == 1)
        let said = app.said()
        #expect(said.filter { $0.contains("Your waiting post is published.") } == ["say (queued): Your waiting post is published."])
        #expect(app.core.outbox.all.isEmpty)
        #expect(app.core.drafts.all.isEmpty)
    }

    @Test func aPostThatCouldNotLeaveWaitsAndARefusalSaysWhy() async {
        let app = AppHarness()
        await app.open()
        await app.press("n")
        await app.type("No server")
        app.server.state.withLock { _ = $0.unreachable.insert("/api/v1/statuses") }
        await app.tabToSend()
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().contains { $0.hasSuffix("Your post waits in the outbox; loowi sends it by itself when the server answers again, or press Send to try now.") })
        app.server.state.withLock { $0.failures["/api/v1/statuses"] = 422 }
        await app.press("Enter")
        #expect(app.said().contains("say (important): The server refused this. Injected failure Change it and try again. Your text is kept."))
        // Refused before anything went out: it leaves the outbox; the draft keeps the words.
        #expect(app.core.outbox.all.isEmpty)
        #expect(app.core.drafts.draft(for: "new")?.text == "No server")
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
    }

    @Test func spanishHearsTheLostAnswerAndTheFoundPost() async {
        var config = LoowiConfig()
        config.language = .spanish
        let app = AppHarness(config: config)
        await app.open()
        await app.press("n")
        await app.type("Solo una vez")
        app.server.state.withLock { _ = $0.loseAnswer.insert("/api/v1/statuses") }
        await app.tabToSend()
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().contains("say (important): loowi envió la publicación, pero la respuesta del servidor se perdió. Así que puede que ya esté publicada. Espera en la bandeja de salida: loowi la busca antes de volver a enviarla, así que nunca se publica dos veces."))
        #expect(!app.lines.contains { $0.contains("no puede conectar") })
        await app.press("Enter")
        #expect(app.said().contains("say (important): Tu publicación ya estaba publicada; no se ha vuelto a enviar."))
        #expect(app.server.state.withLock { $0.posted }.count == 1)
    }

    @Test func aDraftSurvivesAndIsOfferedNextTime() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-draft-\(UUID().uuidString)")
        do {
            let app = AppHarness(folder: folder)
            await app.open()
            await app.press("n")
            await app.type("Half a thought")
            // The terminal closes here: no Cancel, no Send.
        }
        let next = AppHarness(folder: folder)
        await next.open()
        #expect(next.said().contains("say (queued): You have an unsent post: Half a thought. It comes back where you started it; for a new post, press N."))
        await next.press("n")
        let said = next.said()
        #expect(said.first?.hasPrefix("say: New post. Post text, text field, Half a thought, cursor at end.") == true)
        #expect(said.contains("say (queued): Your unsent text is back."))
    }

    @Test func refreshKeepsThePlaceAndCountsNewPosts() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down")
        app.server.state.withLock {
            $0.newPosts = [FakeMastodon.Post(id: "107", author: "3", html: "<p>New one</p>", minutesAgo: 1),
                           FakeMastodon.Post(id: "106", author: "2", html: "<p>Another</p>", minutesAgo: 2)]
        }
        _ = app.said()
        await app.press("u")
        #expect(app.said() == ["say: 2 new posts."])
        await app.press("p")
        #expect(app.said().first?.hasSuffix("4 of 6") == true)
    }

    @Test func aFailedLoadIsSaidAndTheProgramCarriesOn() async {
        let app = AppHarness()
        app.server.state.withLock { $0.failures["/timelines/home"] = 500 }
        await app.open()
        let said = app.said()
        #expect(said.contains("say (important): Your timeline could not be loaded. Press U to try again."))
        await app.press("u")
        #expect(app.said().first?.contains("Compilers are fun") == true)
    }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct StartUpTests {
    @Test func aWarmCacheIsReadAtOnceAndNewPostsAreAnnouncedAfter() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-cache-\(UUID().uuidString)")
        let cache = TimelineCache(file: folder.appendingPathComponent("home.json"))
        do {
            let first = AppHarness(cache: cache)
            await first.open()
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: cache.file.path)
        #expect((attributes?[.posixPermissions] as? Int) == 0o600)
        let app = AppHarness(cache: cache)
        app.server.state.withLock { $0.newPosts = [FakeMastodon.Post(id: "106", author: "3", html: "<p>Fresh</p>", minutesAgo: 1)] }
        app.recordStart()
        // Before any answer from the server, the cached first post is already being read.
        #expect(app.said().first?.hasPrefix("say: Home timeline. Posts, list, Grace Hopper. Compilers are fun.") == true)
        // No busy indicator stands between the user and the cached posts.
        #expect(app.core.navigator.stack.count == 1)
        #expect(app.core.isWaiting)
        await app.core.settle()
        // The place is said once the answer put the new post on top (issue 35, item 13).
        #expect(app.said() == ["say (queued): 2 of 5", "say (queued): 1 new post."])
        // The reading position stayed on the post being read.
        await app.press("p")
        #expect(app.said().first?.hasSuffix("2 of 5") == true)
    }

    /// The app reads the cache on another thread while the voice loads (`readingAhead`): the
    /// start is the same, and the early read is used once, so a later load sees the file anew.
    @Test func aCacheReadAheadStartsTheSameAndIsTakenOnce() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-cache-\(UUID().uuidString)")
        let cache = TimelineCache(file: folder.appendingPathComponent("home.json"))
        do {
            let first = AppHarness(cache: cache)
            await first.open()
        }
        let ahead = cache.readingAhead()
        let app = AppHarness(cache: ahead)
        app.recordStart()
        #expect(app.said().first?.hasPrefix("say: Home timeline. Posts, list, Grace Hopper. Compilers are fun.") == true)
        cache.save([])
        #expect(ahead.load()?.isEmpty == true)
        #expect(cache.readingAhead().load()?.isEmpty == true)
    }
}
