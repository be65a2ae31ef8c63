import AccessibleControls
import Testing

@testable import LoowiApp

/// Issue 14 on the real timeline: Down to the next post rewrites the rows that show a post
/// (the wheel, author, time, text, and the status line with what was said), not the screen.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct TimelineRedrawTests {
    @Test func movingToTheNextPostWritesOnlyTheRowsThatShowIt() async {
        let app = AppHarness()
        await app.open()
        let sizes = [(80, 24), (200, 50)]
        let before = sizes.map { app.core.navigator.draw(width: $0.0, height: $0.1, now: app.core.now()) }
        await app.press("Down")
        let after = sizes.map { app.core.navigator.draw(width: $0.0, height: $0.1, now: app.core.now()) }
        for (old, new) in zip(before, after) {
            let whole = ANSIScreen.render(new).utf8.count
            let changes = ANSIScreen.render(new, after: old).utf8.count
            print("home timeline Down at \(new.width)x\(new.height): \(changes) of \(whole) bytes")
            #expect(changes * 2 < whole, "\(new.width)x\(new.height): \(changes) of \(whole) bytes")
        }
    }
}
