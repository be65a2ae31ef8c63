import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 14, "Idle": the open app needs no ticks when nothing is timed (so the loop does not
/// wake), and needs them while a wait is shown or a reading position waits to be sent.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct IdleAppTests {
    @Test func theOpenAppAtRestNeedsNoTicks() async {
        let app = AppHarness()
        await app.open()
        #expect(!app.core.needsTicks, "\(app.transcript)")
        // Compose and the post view are keys and text: nothing timed either.
        await app.press("n")
        #expect(!app.core.needsTicks)
        await app.press("Escape", "Enter")
        #expect(!app.core.needsTicks)
    }

    @Test func aWaitAndAPendingReadingPositionNeedTicksUntilDone() async {
        let app = AppHarness(holdsSleeps: true)
        app.server.state.withLock {
            $0.rateLimits = ["timelines/home": 240]
            $0.markers["home"] = FakeMastodon.SavedMarker(id: "102", version: 1, updatedAt: app.server.now)
        }
        app.recordStart()
        #expect(await app.clock.waitForHeldSleeps())
        // The busy indicator is shown: it ticks.
        #expect(app.core.needsTicks)
        app.clock.releaseSleeps()
        await app.core.settle()
        // Reading up from the marker moves it: the first move is sent at once, the next waits its turn.
        await app.press("Up", "Up")
        #expect(app.core.homeMarker.pending != nil)
        #expect(app.core.needsTicks)
    }
}
