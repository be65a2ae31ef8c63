import AccessibleControls
import Testing

@testable import LoowiApp

/// Issue 39, item 8: fewer words on the way in. A short session of the usual moves (a post's
/// view, compose, details, the other buffers, help) says each long hint once.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FewerWordsTests {
    @Test(arguments: [Language.britishEnglish, .spanish])
    func aShortSessionSaysEachLongHintOnce(language: Language) async {
        let app = AppHarness(language: language)
        await app.open()
        let keys = [
            "Down", "Enter", "Down", "Escape", "n", "Escape", "d", "Escape", "2", "Down", "1", "Enter", "Escape", "n", "Escape",
            "F1", "Escape", "d", "Escape", "3", "1",
        ]
        for key in keys { await app.press(key) }
        let said = app.lines.filter { $0.hasPrefix("    say") }
        let long = said.filter { $0.count > 300 }
        // The first screen's hint, at the start, is the one long utterance (measured: 1 of 24).
        #expect(Set(long).count == long.count, "a long utterance was said twice: \(long)")
        #expect(long.count <= 1, "\(long.count) utterances over 300 characters: \(long)")
    }
}
