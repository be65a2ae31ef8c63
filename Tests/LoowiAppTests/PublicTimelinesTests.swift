import AccessibleControls
import Testing

@testable import LoowiApp

/// Issue 39, item 10: the Local and Federated timelines, opened from any buffer (`L`, `F`) as
/// buffers after the seven (8, 9), each opened once.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PublicTimelinesTests {
    @Test(arguments: [
        (Language.britishEnglish, "say: Local timeline. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 3",
         "say: Federated timeline. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 3"),
        (Language.spanish, "say: Cronología local. Grace Hopper. Compilers are fun. hace 5 minutos, 1 de 3",
         "say: Cronología federada. Grace Hopper. Compilers are fun. hace 5 minutos, 1 de 3"),
    ])
    func localAndFederatedOpenAsBuffers(language: Language, local: String, federated: String) async {
        let app = AppHarness(language: language)
        await app.open()
        _ = app.said()
        await app.press("L")
        #expect(app.said().last == local, "\(app.transcript)")
        #expect(app.requests.contains("GET /api/v1/timelines/public"))
        await app.press("F")
        #expect(app.said().last == federated, "\(app.transcript)")
        // Buffer 8 as any opened buffer, and L goes back to it: no request either way.
        let asked = app.requests.count
        await app.press("1", "8")
        #expect(app.said().last == local, "\(app.said())")
        await app.press("F", "L")
        #expect(app.said().last == local, "\(app.said())")
        #expect(app.requests.count == asked)
    }
}
