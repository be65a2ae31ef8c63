import AccessibleControls
import Testing
import TranscriptTesting

@testable import LoowiApp

/// Issue 35, item 15: a post whose answer was lost is said as what happened ("loowi sent the
/// post but the server's answer was lost"), not as a server loowi cannot reach; sending again
/// finds it. Heard whole in English and Spanish.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LostAnswerAppTests {
    @Test(arguments: [Language.britishEnglish, .spanish])
    func aLostAnswerIsSaidAsLost(language: Language) async throws {
        let app = AppHarness(language: language)
        await app.open()
        await app.press("n")
        await app.type(language == .spanish ? "Solo una vez" : "Only once")
        app.server.state.withLock { _ = $0.loseAnswer.insert("/api/v1/statuses") }
        await app.tabToSend()
        await app.press("Enter")
        await app.press("Enter")
        #expect(app.server.state.withLock { $0.posted }.count == 1)
        #expect(!app.transcript.contains("cannot reach") && !app.transcript.contains("no puede conectar"))
        try assertTranscript(app.transcript, named: language == .spanish ? "app-lost-answer-spanish" : "app-lost-answer-english")
    }
}
