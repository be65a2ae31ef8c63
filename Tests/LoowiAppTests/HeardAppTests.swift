import AccessibleControls
import Foundation
import Testing
import TranscriptTesting
import TweetEngine

@testable import LoowiApp

/// "Read" means heard (issue 35, item 12): the marker moves only over a run of heard posts
/// from where it was, the focused post is kept apart as where to resume, and what is counted
/// new at the next start is what was not heard. Nine new posts (106-114, by Linus) above the
/// marker (105).
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5))) struct HeardAppTests {
    static func harness(_ language: Language, folder: URL) -> AppHarness {
        var config = LoowiConfig()
        config.language = language
        let app = AppHarness(config: config, position: ReadingPosition(file: folder.appendingPathComponent("position.json")))
        app.server.state.withLock {
            $0.markers["home"] = FakeMastodon.SavedMarker(id: "105", version: 1, updatedAt: app.server.now.addingTimeInterval(-3600))
        }
        app.server.addPosts(9)
        return app
    }

    func writes(_ app: AppHarness) -> [String] { app.server.state.withLock { $0.markerWrites } }

    /// Read from the newest down, quit at the seventh: the next start opens there and counts
    /// the two never heard, and the catch-up is those two; hearing one moves the marker to it.
    @Test(arguments: [Language.britishEnglish, .spanish])
    func readingTheNewestFirstCountsOnlyWhatWasNotHeard(language: Language) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-heard-\(UUID().uuidString)")
        let first = Self.harness(language, folder: folder)
        await first.open()
        await first.press("Home", "Down", "Down", "Down", "Down", "Down", "Down")
        await first.core.quit(waitingAtMost: .seconds(60))
        // 107 and 106 were never heard: the marker stays on 105.
        #expect(writes(first).isEmpty)

        let second = Self.harness(language, folder: folder)
        await second.open()
        let home = try #require(second.core.appScreen(at: 0) as? TimelineScreen)
        // Where the user was, and the two not heard are new.
        #expect(home.current?.id == "108")
        await second.press("c", "Escape", "c")
        // The group's first post (106) was heard: the marker goes there, and 107 is left.
        #expect(writes(second) == ["106"])
        #expect(second.core.homeMarker.server?.lastReadID == "106")
        try assertTranscript(
            first.transcript + "(quit)\n" + second.transcript, named: language == .spanish ? "app-heard-spanish" : "app-heard-english")
    }

    /// The heard posts above the marker are kept across a restart, and join the run when the
    /// posts under them are heard.
    @Test func postsHeardBeforeARestartJoinTheRun() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-heard-\(UUID().uuidString)")
        let first = Self.harness(.britishEnglish, folder: folder)
        await first.open()
        await first.press("Home", "Down", "Down", "Down", "Down", "Down", "Down")
        await first.core.quit(waitingAtMost: .seconds(60))
        let second = Self.harness(.britishEnglish, folder: folder)
        await second.open()
        // On 108: down to 107 and 106, both heard now, so everything up to 114 is.
        await second.press("Down", "Down")
        await second.core.quit(waitingAtMost: .seconds(60))
        #expect(writes(second).last == "114")
    }

    /// The user's own posts are not news: not counted new, and heard without being read, so
    /// they never hold the marker back.
    @Test func theUsersOwnPostsDoNotHoldTheMarkerBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-heard-\(UUID().uuidString)")
        var config = LoowiConfig()
        config.language = .britishEnglish
        let app = AppHarness(config: config, position: ReadingPosition(file: folder.appendingPathComponent("position.json")))
        app.server.state.withLock {
            $0.markers["home"] = FakeMastodon.SavedMarker(id: "105", version: 1, updatedAt: app.server.now.addingTimeInterval(-3600))
            $0.newPosts = [
                FakeMastodon.Post(id: "108", author: "3", html: "<p>Above mine.</p>", minutesAgo: 1),
                FakeMastodon.Post(id: "107", author: "1", html: "<p>My own words.</p>", minutesAgo: 2),
                FakeMastodon.Post(id: "106", author: "3", html: "<p>Below mine.</p>", minutesAgo: 3),
            ]
        }
        await app.open()
        #expect(app.said().last == "say (queued): 2 new posts since you last read.")
        // 106 heard: the run reaches over the user's own 107; then 108 joins it.
        await app.press("Up", "Home")
        #expect(writes(app) == ["107"])
        #expect(app.core.homeMarker.pending == "108")
    }
}
