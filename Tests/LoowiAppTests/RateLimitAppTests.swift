import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 9, defect 6, in the app: a rate-limit wait is said at once (what waits, until
/// when), a key during the wait repeats it, and a refresh pressed while the start-up load
/// waits does not run a second load after the wait.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RateLimitAppTests {
    static func spanish() -> LoowiConfig {
        var config = LoowiConfig()
        config.language = .spanish
        return config
    }

    /// The start-up load meets a 429 whose reset is 4 minutes on (8:04 GMT in the fake).
    func waitingStart(config: LoowiConfig) async -> AppHarness {
        let app = AppHarness(config: config, holdsSleeps: true)
        app.server.state.withLock { $0.rateLimits = ["timelines/home": 240] }
        app.recordStart()
        #expect(await app.clock.waitForHeldSleeps())
        return app
    }

    @Test func theWaitIsSaidAtOnceWithWhatWaitsAndUntilWhen() async {
        let app = await waitingStart(config: LoowiConfig())
        let expected = "say (important): Loading your timeline: The server asks loowi to wait until 8:04, in 4 minutes, before asking again. To stop waiting, press Escape."
        #expect(await app.waitUntil { app.lines.contains("    " + expected) }, "\(app.transcript)")
        // Said once, though the load's parallel requests may all wait for it.
        #expect(app.lines.filter { $0.contains("The server asks loowi to wait") }.count == 1)
        _ = app.said()
        // Any key on the busy indicator says the wait again, with the time.
        app.pressNow("Down")
        #expect(app.said().first?.hasPrefix("say: Loading your timeline, waiting for the server until 8:04, ") == true)
        app.clock.releaseSleeps()
        await app.core.settle()
        #expect(app.said().contains { $0.contains("Compilers are fun") })
        #expect(app.requests.filter { $0.hasSuffix("timelines/home") }.count == 2)
    }

    @Test func theWaitIsSaidInSpanish() async {
        let app = await waitingStart(config: Self.spanish())
        let expected = "say (important): Cargando tu cronología: El servidor pide a loowi que espere hasta las 8:04, en 4 minutos, antes de volver a preguntar. Para dejar de esperar, pulsa Escape."
        #expect(await app.waitUntil { app.lines.contains("    " + expected) }, "\(app.transcript)")
        _ = app.said()
        app.pressNow("Down")
        #expect(app.said().first?.hasPrefix("say: Cargando tu cronología, esperando al servidor hasta las 8:04, ") == true)
        app.clock.releaseSleeps()
        await app.core.settle()
    }

    @Test func afterCancellingTheWaitTheNextTryIsSaidNotSilent() async {
        let app = await waitingStart(config: LoowiConfig())
        #expect(await app.waitUntil { app.lines.contains { $0.contains("The server asks loowi to wait") } })
        app.pressNow("Escape")
        app.pressNow("Enter")
        #expect(await app.waitUntil { !app.core.isWaiting })
        #expect(app.clock.heldSleeps == 0)
        let before = app.requests.count
        _ = app.said()
        // Refresh: the engine is still held by the server's limit, and says so at once.
        app.pressNow("u")
        #expect(await app.clock.waitForHeldSleeps())
        #expect(await app.waitUntil { app.lines.suffix(6).contains { $0.contains("wait until 8:04") } }, "\(app.transcript)")
        #expect(app.requests.count == before, "nothing is sent before the reset")
        app.clock.releaseSleeps()
        await app.core.settle()
        #expect(app.said().contains { $0.contains("Compilers are fun") })
    }

    @Test func aRefreshDuringTheStartUpWaitDoesNotLoadTwice() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-ratelimit-\(UUID().uuidString)")
        let cache = TimelineCache(file: folder.appendingPathComponent("home.json"))
        do {
            let first = AppHarness(cache: cache)
            await first.open()
        }
        let app = AppHarness(cache: cache, holdsSleeps: true)
        app.server.state.withLock {
            $0.newPosts = [FakeMastodon.Post(id: "106", author: "3", html: "<p>Fresh</p>", minutesAgo: 1)]
            $0.rateLimits = ["timelines/home": 240]
        }
        app.recordStart()
        #expect(await app.clock.waitForHeldSleeps())
        let background = "say (important): Loading your timeline: The server asks loowi to wait until 8:04, in 4 minutes, before asking again. The posts from last time stay here meanwhile."
        #expect(await app.waitUntil { app.lines.contains("    " + background) }, "\(app.transcript)")
        _ = app.said()
        app.pressNow("u")
        #expect(app.said() == [
            "say: Already under way: loading your timeline. The server asks loowi to wait until 8:04, in 4 minutes, before asking again."
        ])
        app.clock.releaseSleeps()
        await app.core.settle()
        // One load after the wait: the 429 and its retry, nothing more; the news said once.
        #expect(app.requests.filter { $0.contains("timelines/home") }.count == 2, "\(app.requests)")
        #expect(app.lines.filter { $0.contains("1 new post") }.count == 1, "\(app.transcript)")
    }
}
