import Localization
import Testing
@testable import LoowiApp

/// A language chosen in the settings (F9) is heard in the posts' own phrases at once: the
/// buffer's list was made before the change, and its words ("X boosted Y", "Content
/// warning") used to stay in the language of that moment until the buffer was refreshed.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PostPhrasesFollowLanguageTests {
    @Test func spanishIsHeardOnTheNextPostAfterSwitching() async throws {
        let app = AppHarness()
        await app.open()
        await app.press("Down", "Down")
        #expect(app.said().last == "say: Grace Hopper boosted Carme Riera. Bon dia! 1 hour ago, 3 of 4")
        _ = try app.core.change(.language, to: .string("es"))
        await app.press("Up")
        let warning = app.said()
        #expect(warning.last?.hasPrefix("say: Linus. Aviso de contenido: long rant.") == true, "\(warning)")
        await app.press("Down")
        let boost = app.said()
        #expect(boost.last?.hasPrefix("say: Grace Hopper impulsó a Carme Riera. Bon dia!") == true, "\(boost)")
    }

    @Test func englishIsHeardAgainAfterSwitchingBack() async throws {
        var config = LoowiConfig()
        config.language = .spanish
        let app = AppHarness(config: config)
        await app.open()
        await app.press("Down")
        #expect(app.said().last?.contains("Aviso de contenido: long rant.") == true)
        _ = try app.core.change(.language, to: .string("en-gb"))
        await app.press("Down", "Up")
        let warning = app.said()
        #expect(warning.last?.hasPrefix("say: Linus. Content warning: long rant.") == true, "\(warning)")
    }
}
