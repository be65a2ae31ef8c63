import AccessibleControls
import Foundation
import Testing
import TranscriptTesting
import TweetEngine

@testable import LoowiApp

/// What a refresh says is true (issue 35, item 13): posts that came live and were not heard
/// are counted by `u` as what it brings is; "End of new posts." sits below the lowest new post
/// not heard, however it came; a start from the cache says its place only once it holds.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5))) struct RefreshTruthAppTests {
    /// Two posts came live (and are on the server too); `u` counts them, reading down says
    /// where they end, and a second `u` has nothing new.
    @Test(arguments: [Language.britishEnglish, .spanish])
    func aRefreshCountsWhatCameLiveAndWasNotHeard(language: Language) async throws {
        let live = LiveAppTests.Live(LiveAppTests.config(language))
        let posts = [
            FakeMastodon.Post(id: "107", author: "2", html: "<p>Second news.</p>", minutesAgo: 0),
            FakeMastodon.Post(id: "106", author: "2", html: "<p>First news.</p>", minutesAgo: 0),
        ]
        await live.app.open()
        live.app.server.state.withLock { $0.newPosts = posts }
        await live.feed(.update(live.status(posts[1])), .update(live.status(posts[0])))
        await live.app.press("u")
        #expect(live.app.said().contains { $0.hasSuffix(language == .spanish ? "2 publicaciones nuevas." : "2 new posts.") })
        await live.app.press("Home", "Down", "Down", "u")
        #expect(live.app.said().last == (language == .spanish ? "say: No hay publicaciones nuevas." : "say: No new posts."))
        try assertTranscript(live.app.transcript, named: language == .spanish ? "app-refresh-spanish" : "app-refresh-english")
    }

    /// New posts heard by reading up are no longer new: the next arrival's end is below what
    /// it brought, not where the first refresh left it.
    @Test(arguments: PagingAppTests.languages)
    func theEndOfNewPostsMovesBelowWhatWasNotHeard(_ w: PagingAppTests.Words) async {
        let app = PagingAppTests.app(w)
        await app.open()
        app.server.addPosts(3)
        await app.press("u", "Up", "Up", "Up")
        app.server.addPosts(2)
        _ = app.said()
        await app.press("u")
        #expect(app.said() == ["say: 2 \(w.language == .spanish ? "publicaciones nuevas." : "new posts.")"])
        await app.press("Home", "Down", "Down")
        #expect(app.said() == [
            "say: " + w.at(w.post(110), 1, 9), "say: " + w.at(w.post(109), 2, 9), "say: " + w.at(w.post(108), 3, 9),
            "say (queued): \(w.endOfNew)",
        ])
    }

    /// A cached start says the post at once, and its place once the server has answered and
    /// put what it brought on top: the one place said is the true one.
    @Test(arguments: [
        (Language.britishEnglish, "3 of 6", "2 new posts."),
        (.spanish, "3 de 6", "2 publicaciones nuevas."),
    ])
    func aCachedStartSaysItsPlaceOnceItHolds(language: Language, place: String, news: String) async throws {
        let folder = ReadingPositionAppTests.folder()
        do {
            let first = ReadingPositionAppTests.harness(language, folder: folder, cache: true)
            await first.open()
        }
        let app = ReadingPositionAppTests.harness(language, folder: folder, cache: true)
        app.server.addPosts(2)
        await app.open()
        let said = app.said()
        #expect(said.first?.contains("Compilers are fun.") == true, "\(said)")
        #expect(said.first?.contains(language == .spanish ? "1 de 4" : "1 of 4") == false, "\(said)")
        #expect(said.dropFirst() == ["say (queued): \(place)", "say (queued): \(news)"], "\(said)")
        // From then on the wheel says its places as always.
        await app.press("Down")
        #expect(app.said().last?.hasSuffix(language == .spanish ? "4 de 6" : "4 of 6") == true)
    }
}
