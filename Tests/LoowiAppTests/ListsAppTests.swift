import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// Lists (issue 13, item 9): `l` lists the user's lists, each opening as a buffer; `l` on a
/// person says which lists they are in, and Enter adds or takes them out, on the server.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ListsAppTests {
    @Test func lOpensAListAsABufferInEnglish() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("l")
        #expect(app.said() == ["say: Your lists. Lists, list, Friends, 1 of 2. Enter opens the list's posts as a buffer."])
        await app.press("Enter")
        #expect(app.said().last == "say: List: Friends. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4")
        #expect(app.requests.contains("GET /api/v1/timelines/list/L1"))
        // Escape goes back to the lists it was opened from, then home.
        await app.press("Escape")
        #expect(app.said().first?.hasPrefix("say: Your lists. Lists, list, Friends, 1 of 2") == true)
        await app.press("Escape")
        #expect(app.said().first?.hasPrefix("say: Home timeline. ") == true)
    }

    @Test func aPersonIsAddedAndTakenOutInSpanish() async {
        let app = AppHarness(language: .spanish)
        await app.open()
        await app.press("d")  // Grace
        _ = app.said()
        await app.press("l")
        #expect(app.said().last == "say: Listas para Grace Hopper. Listas, lista, Friends: Grace Hopper está, 1 de 2. Intro los añade a la lista, o los quita.")
        await app.press("Enter")
        #expect(app.said() == ["say: Grace Hopper ya no está en Friends."])
        await app.press("Down", "Enter")
        #expect(app.said() == ["say: Kernel people: no está, 2 de 2", "say: Grace Hopper ya está en Kernel people."])
        #expect(app.server.state.withLock { $0.lists["L1"]?.members } == [])
        #expect(app.server.state.withLock { $0.lists["L2"]?.members } == ["2"])
    }
}
