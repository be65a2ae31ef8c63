import AccessibleControls
import Testing

@testable import LoowiApp

/// A content warning hides everything behind it (issue 35, item 3): the words, the media's
/// descriptions, the poll and the link card; the warning counts what is there. E opens it.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct WarningHidesAllTests {
    typealias Post = FakeMastodon.Post

    static func withAWarnedPost(_ app: AppHarness) -> AppHarness {
        app.server.state.withLock {
            $0.newPosts = [
                Post(
                    id: "150", author: "2", html: "<p>Tonight's bake, see https://bread.example/loaf</p>", minutesAgo: 1, spoiler: "food",
                    poll: .init(options: ["Rye", "Spelt"]), card: (url: "https://bread.example/loaf", title: "The loaf"), sensitiveMedia: true)
            ]
        }
        return app
    }

    @Test(arguments: [
        (Language.britishEnglish,
         "say: Home timeline. Posts, list, Grace Hopper. Content warning: food. Behind it: 1 image, a poll, a link preview. Press E to read it. 1 minute ago, 1 of 5."),
        (Language.spanish,
         "say: Cronología de inicio. Publicaciones, lista, Grace Hopper. Aviso de contenido: food. Detrás: 1 imagen, una encuesta, una vista previa de enlace. Pulsa E para leerla. hace 1 minuto, 1 de 5."),
    ])
    func theWarningHidesTheDescriptionsThePollAndTheCard(language: Language, expected: String) async {
        let app = Self.withAWarnedPost(AppHarness(language: language))
        await app.open()
        let said = app.said().last ?? ""
        #expect(said.hasPrefix(expected), "\(said)")
        #expect(!said.contains("A photo"))
        #expect(!said.contains("Rye"))
        #expect(!said.contains("The loaf"))
    }

    @Test func eReadsWhatWasHidden() async {
        let app = Self.withAWarnedPost(AppHarness())
        await app.open()
        _ = app.said()
        await app.press("e")
        let said = app.said().joined(separator: " ")
        #expect(said.contains("Image: A photo"), "\(said)")
        #expect(said.contains("Rye"), "\(said)")
        #expect(!said.contains("Behind it"), "\(said)")
    }
}
