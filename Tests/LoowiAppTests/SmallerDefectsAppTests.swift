import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 9's smaller defects as the app user meets them, against the fake server.
@MainActor
@Suite struct SmallerDefectsAppTests {
    @Test func unfollowingSomeoneAlreadyUnfollowedElsewhereSaysSo() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down", "d")  // Linus: the details say I follow him.
        for _ in 0..<11 { await app.press("Tab") }  // the toolbar's Unfollow
        // Meanwhile he was unfollowed from another device.
        app.server.state.withLock { _ = $0.following.remove("3") }
        _ = app.said()
        await app.press("Enter")
        #expect(app.said() == ["say: You were not following Linus; nothing changed."])
        #expect(!app.transport.requests.contains { $0.url.path.hasSuffix("/unfollow") })
        // The button now offers Follow.
        await app.press("Tab", "Shift-Tab")
        #expect(app.said().last?.hasPrefix("say: Follow, button") == true)
    }
}
