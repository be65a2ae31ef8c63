import AccessibleControls
import Foundation
import Testing
import TranscriptTesting
import TweetEngine

@testable import LoowiApp

/// The catch-up (issue 15, `c`): one summary line, then a buffer where a post boosted by two
/// people is one item and one author's posts one group (Enter opens and closes it); reading
/// moves home, and so its marker, forward; offered at start when more than 20 posts are new.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5))) struct CatchUpAppTests {
    /// Above the marker (105), newest first: Carme answers Linus (a thread), Linus and Grace
    /// boost Carme's concert post, Grace writes twice (once to Ada), Linus once.
    static func harness(_ language: Language) -> AppHarness {
        var config = LoowiConfig()
        config.language = language
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-catchup-\(UUID().uuidString)")
        let app = AppHarness(config: config, position: ReadingPosition(file: folder.appendingPathComponent("position.json")))
        app.server.state.withLock {
            $0.markers["home"] = FakeMastodon.SavedMarker(id: "105", version: 1, updatedAt: app.server.now.addingTimeInterval(-3600))
            $0.newPosts = [
                FakeMastodon.Post(id: "126", author: "4", html: "<p>Merged, thanks.</p>", minutesAgo: 1, inReplyTo: "120"),
                FakeMastodon.Post(id: "125", author: "2", html: "<p>Lunch at one?</p>", minutesAgo: 2),
                FakeMastodon.Post(id: "121", author: "4", html: "<p>Concert at eight.</p>", minutesAgo: 4, boostOf: "3", boostID: "124"),
                FakeMastodon.Post(id: "121", author: "4", html: "<p>Concert at eight.</p>", minutesAgo: 4, boostOf: "2", boostID: "123"),
                FakeMastodon.Post(id: "122", author: "2", html: "<p>@ada Are you coming tonight?</p>", minutesAgo: 3, mentions: ["1"]),
                FakeMastodon.Post(id: "120", author: "3", html: "<p>Patch one of three.</p>", minutesAgo: 4),
            ]
        }
        return app
    }

    @Test(arguments: [Language.britishEnglish, .spanish])
    func theSummaryThenMergedBoostsAndAGroupThatOpens(language: Language) async throws {
        let app = Self.harness(language)
        await app.open()
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        #expect(home.current?.id == "105")
        // The summary, the first item (Linus), the group, opened and closed, the shared post.
        await app.press("c", "Down", "Enter", "Up", "Enter", "Down", "Down", "Down")
        // Everything was heard: home is on the newest post, which its marker will say.
        #expect(home.current?.id == "126")
        #expect(app.core.homeMarker.pending == "126" || app.core.homeMarker.inFlight == "126" || app.server.state.withLock { $0.markers["home"]?.id } == "126")
        // c again: nothing is left; Escape goes back to home, on the post the catch-up reached.
        await app.press("c", "Escape")
        #expect(app.core.buffers.opened.isEmpty)
        try assertTranscript(app.transcript, named: language == .spanish ? "app-catch-up-spanish" : "app-catch-up-english")
    }

    @Test func readingPartOfItLeavesHomeBeforeWhatWasNotHeard() async throws {
        let app = Self.harness(.britishEnglish)
        await app.open()
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        // Linus's post (120) and Grace's group, closed, which says only her first post (122);
        // the boosts of 121 (123, 124) between them are not heard yet.
        await app.press("c", "Down")
        #expect(home.current?.id == "122")
        // The shared post is heard with both its boosts; Grace's second post (125) is not.
        await app.press("Down")
        #expect(home.current?.id == "124")
        // A second catch-up holds only what is left: her second post and the reply.
        _ = app.said()
        await app.press("c")
        let said = app.said()
        #expect(said.first?.hasPrefix("say: 2 new posts from 2 people. Catch-up. Grace Hopper. Lunch at one?") == true, "\(said)")
        #expect(app.core.buffers.opened.count == 1)
    }

    /// Home's marker an hour old, with 21 posts by Linus above it.
    static func twentyOneNew(_ language: Language) -> AppHarness {
        var config = LoowiConfig()
        config.language = language
        let app = AppHarness(config: config)
        app.server.state.withLock {
            $0.markers["home"] = FakeMastodon.SavedMarker(id: "105", version: 1, updatedAt: app.server.now.addingTimeInterval(-3600))
        }
        app.server.addPosts(21)
        return app
    }

    /// Issue 35, item 12: a group counts as heard post by post. Hearing the first of
    /// "Linus, 21 posts" reads one post: the marker and home go to it, not to the newest.
    @Test(arguments: [
        (Language.britishEnglish, "20 new posts from Linus."),
        (.spanish, "20 publicaciones nuevas de Linus."),
    ])
    func aGroupIsHeardPostByPost(language: Language, left: String) async throws {
        let app = Self.twentyOneNew(language)
        await app.open()
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        await app.press("c")
        await app.core.settle()
        #expect(home.current?.id == "106")
        #expect(app.server.state.withLock { $0.markerWrites } == ["106"])
        // Back on home and c again: the 20 not heard are still new.
        await app.press("Escape", "c")
        let said = app.said()
        #expect(said.last?.hasPrefix("say: \(left)") == true, "\(said)")
    }

    @Test func theUsersOwnPostsAreNotNews() async throws {
        let app = Self.harness(.britishEnglish)
        app.server.state.withLock { $0.newPosts.insert(FakeMastodon.Post(id: "127", author: "1", html: "<p>My own words.</p>", minutesAgo: 0), at: 0) }
        await app.open()
        _ = app.said()
        await app.press("c")
        let said = app.said()
        #expect(said.first?.hasPrefix("say: 6 new posts from 3 people; 1 mentions you; 1 thread.") == true, "\(said)")
        #expect(!said.joined().contains("My own words"))
    }

    @Test(arguments: [
        (Language.britishEnglish, "say (queued): 21 new posts since you last read; press C to catch up."),
        (.spanish, "say (queued): 21 publicaciones nuevas desde la última vez que leíste; pulsa C para ponerte al día."),
    ])
    func moreThanTwentyNewIsOfferedAtStart(language: Language, offer: String) async throws {
        let app = Self.twentyOneNew(language)
        await app.open()
        #expect(app.said().contains(offer))
        await app.press("c")
        let said = app.said()
        #expect(said.first?.contains(language == .spanish ? "21 publicaciones nuevas de Linus." : "21 new posts from Linus.") == true, "\(said)")
        // One author's 21 posts are one group.
        #expect(said.first?.contains(language == .spanish ? "Linus, 21 publicaciones" : "Linus, 21 posts") == true, "\(said)")
    }

    @Test func twentyNewIsNotOffered() async throws {
        let app = AppHarness(config: LoowiConfig())
        app.server.state.withLock {
            $0.markers["home"] = FakeMastodon.SavedMarker(id: "105", version: 1, updatedAt: app.server.now.addingTimeInterval(-3600))
        }
        app.server.addPosts(20)
        await app.open()
        #expect(app.said().contains("say (queued): 20 new posts since you last read."))
    }

    @Test(arguments: [
        (Language.britishEnglish, "say: Nothing new since you last read."),
        (.spanish, "say: Nada nuevo desde la última vez que leíste."),
    ])
    func nothingNewIsSaidAndNoBufferOpens(language: Language, nothing: String) async throws {
        let app = AppHarness(language: language)
        await app.open()
        _ = app.said()
        await app.press("c")
        #expect(app.said() == [nothing])
        #expect(app.core.buffers.opened.isEmpty)
    }
}
