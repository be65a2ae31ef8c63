import AccessibleControls
import Testing

@testable import LoowiApp

/// Issue 36: with `emoji = "keep"` a post's emoji reach the full screen as the writer sent
/// them. The screen used to drop the joiner after U+FE0F, so 🏳️‍🌈 and ❤️‍🔥 were drawn as two
/// pictures each (🏳️🌈, ❤️🔥).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FullScreenEmojiTests {
    @Test func theRainbowFlagAndHeartsOnFireReachTheFullScreenWhole() async throws {
        var config = try ConfigFile.config(from: "emoji = \"keep\"\n", fileName: "config.toml")
        config.language = .english
        let app = AppHarness(config: config)
        app.server.state.withLock {
            $0.newPosts = [FakeMastodon.Post(id: "106", author: "2", html: "<p>Pride 🏳️‍🌈 and ❤️‍🔥 tonight</p>", minutesAgo: 1)]
        }
        await app.open()
        // The full screen's frame, as the runner draws it and as the terminal is sent it.
        let canvas = app.core.navigator.draw(width: 80, height: 24, now: app.core.now())
        let row = try #require(canvas.lines.first { $0.contains("Pride") }, "\(canvas.lines)")
        #expect(row.contains("Pride 🏳️‍🌈 and ❤️‍🔥 tonight"))
        // Each is one picture of two columns: one cell and its continuation.
        let cells = try #require(canvas.cells.first { $0.contains { $0.character == "🏳️‍🌈" } })
        #expect(cells.filter { $0.character == "🏳️‍🌈" }.map(\.columns) == [2])
        #expect(cells.filter { $0.character == "❤️‍🔥" }.map(\.columns) == [2])
        let sent = ANSIScreen.render(canvas)
        #expect(sent.contains("Pride 🏳️‍🌈 and ❤️‍🔥 tonight"))
    }
}
