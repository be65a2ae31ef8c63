import AccessibleControls
import Foundation
import Localization
import Testing
import TweetEngine

@testable import LoowiApp

/// Where you left off (issue 10): the home timeline opens on the server's marker or the
/// position saved here, says how many posts are new since, and writes the position back at
/// most once every 30 seconds and on quit. Posts: 105 (newest), 104, 103, 102.
@MainActor
// Serialized: the fake holds a page by blocking its (synchronous) responder on a cooperative
// thread; two tests holding at once would take both threads of a 2-core machine and starve
// the very answers they wait for.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ReadingPositionAppTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("loowi-position-\(UUID().uuidString)")
    }

    static func harness(_ language: Language = .britishEnglish, folder: URL = folder(), cache: Bool = false) -> AppHarness {
        var config = LoowiConfig()
        config.language = language
        return AppHarness(
            config: config, cache: cache ? TimelineCache(file: folder.appendingPathComponent("home.json")) : nil,
            position: ReadingPosition(file: folder.appendingPathComponent("position.json")))
    }

    func marker(_ id: String, minutesAgo: Int = 0, in app: AppHarness) {
        let at = app.server.now.addingTimeInterval(Double(-60 * minutesAgo))
        app.server.state.withLock { $0.markers["home"] = FakeMastodon.SavedMarker(id: id, version: 3, updatedAt: at) }
    }

    func writes(_ app: AppHarness) -> [String] { app.server.state.withLock { $0.markerWrites } }

    @Test(arguments: [
        (Language.britishEnglish, "2 new posts since you last read.", "1 new post since you last read."),
        (.spanish, "2 publicaciones nuevas desde la última vez que leíste.", "Una publicación nueva desde la última vez que leíste."),
    ])
    func startOpensOnTheMarkerAndSaysHowManyAreNew(language: Language, two: String, one: String) async throws {
        let app = Self.harness(language)
        // 103b is the boost of 103 in the home timeline: a marker names the timeline's entry.
        marker("103b", in: app)
        await app.open()
        let said = app.said()
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        #expect(home.current?.id == "103b")
        #expect(said.first?.contains("Bon dia!") == true, "\(said)")
        #expect(said.contains("say (queued): \(two)"), "\(said)")
        // The marker was read with the timeline, and nothing was written back.
        #expect(app.requests.contains("GET /api/v1/markers"))
        #expect(writes(app).isEmpty)

        let again = Self.harness(language)
        marker("104", in: again)
        await again.open()
        #expect(again.said().contains("say (queued): \(one)"))
    }

    @Test func noMarkerOpensOnTheNewestAndSaysNothingAboutNewPosts() async throws {
        let app = Self.harness()
        await app.open()
        let said = app.said()
        #expect(said.first?.contains("Compilers are fun") == true)
        #expect(!said.contains { $0.contains("since you last read") })
        // The newest is where the app opened by itself, not a place the user chose.
        await app.core.quit(waitingAtMost: .seconds(60))
        #expect(writes(app).isEmpty)
    }

    @Test func aMarkedPostThatIsNotLoadedOpensOnTheNewest() async throws {
        let app = Self.harness()
        marker("90", in: app)
        await app.open()
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        #expect(home.current?.id == "105")
        #expect(!app.said().contains { $0.contains("since you last read") })
        // Opening on the newest instead must not lose the place: nothing is written.
        await app.core.quit(waitingAtMost: .seconds(60))
        #expect(writes(app).isEmpty)
    }

    @Test func theFirstPostIsReadWhenTheFirstPageArrivesAndTheMarkedOneWhenTheRestDoes() async throws {
        let app = Self.harness()
        app.server.state.withLock { $0.homePageSize = 2 }
        marker("102", in: app)
        await app.open()
        let said = app.said()
        // The first page (2 posts) is read at once: the rest was not waited for.
        #expect(said.first?.contains("Compilers are fun. 5 minutes ago, 1 of 2") == true, "\(said)")

        // The marked post came with the rest, before the user moved: the wheel goes there.
        #expect(said.contains { $0.contains("Hello @ada. 2 hours ago, 4 of 4") }, "\(said)")
        #expect(said.last == "say (queued): 3 new posts since you last read.", "\(said)")
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        #expect(home.current?.id == "102")
        #expect(home.posts.count == 4)
        #expect(app.requests.filter { $0.hasSuffix("timelines/home") }.count == 2)
        await app.core.quit(waitingAtMost: .seconds(60))
        #expect(writes(app).isEmpty)
    }

    @Test func theRestDoesNotMoveAUserWhoAlreadyMoved() async throws {
        let app = Self.harness(.spanish)
        app.server.state.withLock {
            $0.homePageSize = 2
            $0.holdsNextPages = true
        }
        marker("102", in: app)
        app.recordStart()
        #expect(await app.waitUntil { app.lines.contains { $0.contains("1 de 2") } })
        app.pressNow("Down")
        app.server.state.withLock { $0.holdsNextPages = false }
        await app.core.settle()
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        #expect(home.current?.id == "104")
        #expect(home.posts.count == 4)
        #expect(!app.said().contains { $0.contains("desde la última vez que leíste") })
    }

    @Test func readingForTwoMinutesWritesAtMostOneMarkerEvery30Seconds() async throws {
        let app = Self.harness()
        marker("105", in: app)
        // Thirty above it, all on the first page.
        app.server.addPosts(30)
        await app.open()
        // Reading up from the marker: each post heard moves the mark one further.
        var sent: [ContinuousClock.Instant] = []
        for _ in 0..<30 {
            await app.press("Up")
            app.wait(.seconds(4))
            await app.core.settle()
            if let last = app.core.homeMarker.lastWrite, sent.last != last { sent.append(last) }
        }
        #expect(app.elapsed >= .seconds(120))
        #expect(writes(app).count == sent.count)
        #expect((4...5).contains(sent.count), "\(sent)")
        for (a, b) in zip(sent, sent.dropFirst()) { #expect(b - a >= .seconds(30)) }
    }

    @Test func quitWritesThePendingPositionAndKeepsItHere() async throws {
        let folder = Self.folder()
        let app = Self.harness(folder: folder)
        marker("102", in: app)
        await app.open()
        #expect(writes(app).isEmpty)
        await app.press("Up")
        #expect(writes(app) == ["103b"])
        app.wait(.seconds(1))
        await app.press("Up")
        #expect(writes(app) == ["103b"])
        await app.core.quit(waitingAtMost: .seconds(60))
        #expect(writes(app) == ["103b", "104"])
        #expect(ReadingPosition(file: folder.appendingPathComponent("position.json")).load()?.home == "104")
    }

    @Test func quitWithNothingPendingWritesNothing() async {
        let app = Self.harness()
        marker("104", in: app)
        await app.open()
        await app.core.quit(waitingAtMost: .seconds(60))
        #expect(writes(app).isEmpty)
    }

    @Test func aStartWithoutServerMarkersOpensWhereTheUserWasHere() async throws {
        let folder = Self.folder()
        ReadingPosition(file: folder.appendingPathComponent("position.json")).save(home: "104", at: Date(timeIntervalSince1970: 1_700_000_000))
        let app = Self.harness(.spanish, folder: folder)
        await app.open()
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        #expect(home.current?.id == "104")
        #expect(app.said().contains("say (queued): Una publicación nueva desde la última vez que leíste."))
    }

    @Test func aMarkerFromAnotherClientIsHonouredOverAnOlderOneHere() async throws {
        let folder = Self.folder()
        let app = Self.harness(folder: folder)
        ReadingPosition(file: folder.appendingPathComponent("position.json")).save(
            home: "104", at: app.server.now.addingTimeInterval(-3600))
        marker("102", minutesAgo: 5, in: app)
        await app.open()
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        #expect(home.current?.id == "102")
        #expect(app.said().contains("say (queued): 3 new posts since you last read."))
        await app.core.quit(waitingAtMost: .seconds(60))
        #expect(writes(app).isEmpty)
    }

    @Test func aCachedStartMovesToAnotherClientsMarkerWhenItArrives() async throws {
        let folder = Self.folder()
        do {
            let first = Self.harness(folder: folder, cache: true)
            await first.open()
            await first.core.quit(waitingAtMost: .seconds(60))
        }
        let app = Self.harness(folder: folder, cache: true)
        marker("102", in: app)
        // The local position (105) was saved at the server's now; the other client wrote later.
        app.server.state.withLock { $0.markers["home"]?.updatedAt = app.server.now.addingTimeInterval(60) }
        await app.open()
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        #expect(home.current?.id == "102")
        let said = app.said()
        #expect(said.first?.contains("Compilers are fun") == true, "\(said)")
        #expect(said.contains { $0.contains("Hello @ada. 2 hours ago, 4 of 4") }, "\(said)")
        #expect(said.contains("say (queued): 3 new posts since you last read."), "\(said)")
        #expect(writes(app).isEmpty)
    }

    @Test func noWriteWaitsBehindTheRateLimitOrSpeaksAboutIt() async throws {
        let app = Self.harness()
        marker("102", in: app)
        await app.open()
        // A refresh meets a rate limit an hour long (too long to wait for); then the user hears 103b.
        app.server.state.withLock { $0.rateLimits = ["timelines/home": 3600] }
        await app.press("u")
        #expect(app.engine.rateLimitedUntil != nil)
        _ = app.said()
        await app.press("Up")
        #expect(app.core.homeMarker.lastWrite != nil)
        #expect(!app.requests.contains("POST /api/v1/markers"))
        #expect(app.core.homeMarker.pending == "103b")
        #expect(!app.said().contains { $0.contains("Saving where") })
        // Once the server takes requests again, the position goes at the next opportunity.
        app.clock.advance(by: .seconds(3601))
        app.wait(.seconds(31))
        await app.core.settle()
        #expect(writes(app) == ["103b"])
    }

    @Test func aConflictRereadsTheMarkerAndHonoursIt() async throws {
        let app = Self.harness()
        marker("102", in: app)
        await app.open()
        app.server.state.withLock { $0.failures["markers"] = 409 }
        await app.press("Up")
        await app.core.settle()
        let requests = app.requests.filter { $0.hasSuffix("markers") }
        #expect(requests == ["GET /api/v1/markers", "POST /api/v1/markers", "GET /api/v1/markers"])
        // Another client's 102 stands: nothing is written again, not even on quit.
        app.wait(.seconds(60))
        await app.core.quit(waitingAtMost: .seconds(60))
        #expect(writes(app).isEmpty)
        #expect(app.core.homeMarker.server?.lastReadID == "102")
    }
}
