import AccessibleControls
import Testing

@testable import LoowiApp

/// Issue 39, item 7: the full screen keeps the post in view while Down goes through what to
/// do with it, and shows it once while it is itself focused.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PostViewScreenTests {
    @Test(arguments: [(Language.britishEnglish, "Reply"), (Language.spanish, "Responder")])
    func thePostStaysOnScreenWhileItsActionsAreGoneThrough(language: Language, reply: String) async {
        let app = AppHarness(language: language)
        await app.open()
        await app.press("Enter")
        func lines() -> [String] { app.core.navigator.draw(width: 80, height: 24, now: app.core.now()).lines }
        #expect(lines().filter { $0.contains("Compilers are fun") }.count == 1, "\(lines())")
        await app.press("Down")
        let shown = lines()
        let post = shown.firstIndex { $0.contains("Compilers are fun") }
        let action = shown.firstIndex { $0.hasPrefix(">> ") && $0.contains(": \(reply) (2/") }
        #expect(post != nil && action != nil, "\(shown)")
        if let post, let action {
            #expect(post < action)
            #expect(!shown[post].hasPrefix(">>"), "the post is shown, not focused")
        }
    }
}
