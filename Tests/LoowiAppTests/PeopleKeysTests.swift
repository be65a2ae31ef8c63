import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// People (issue 13, item 10): on someone's details and on lists of people the timeline's
/// single keys work (f follow, m message, a posts, d details), with x mute, B block (asked
/// first) and ! report with a comment; the details read the bio and the profile fields.
/// Every action is checked on the server, once.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PeopleKeysTests {
    @Test func theDetailsReadTheBioAndFieldsInEnglish() async {
        let app = AppHarness()
        await app.open()
        await app.go(to: .details(try! Self.carme(app)))
        await app.press("Tab", "Tab")
        #expect(app.said().suffix(2) == ["say: Name, text, Carme Riera.", "say: About them, text, Escriptora. Barcelona."])
        await app.press("Tab")
        #expect(app.said() == ["say: Profile, text, Web: link to carme.example."])
    }

    @Test func theDetailsReadTheBioInSpanish() async {
        let app = AppHarness(language: .spanish)
        await app.open()
        await app.go(to: .details(try! Self.carme(app)))
        await app.press("Tab", "Tab", "Tab")
        #expect(app.said().suffix(2) == ["say: Sobre su cuenta, texto, Escriptora. Barcelona.", "say: Perfil, texto, Web: enlace a carme.example."])
    }

    /// Issue 39, item 8: i and o open someone's followers and whom they follow from their
    /// details (seven Tabs to the Followers button before), and from your own; in English
    /// and Spanish.
    @Test(arguments: [
        (Language.english, "say: Grace Hopper's followers. People, list", "say: People Grace Hopper follows. People, list"),
        (Language.spanish, "say: Seguidores de Grace Hopper. Personas, lista", "say: A quién sigue Grace Hopper. Personas, lista"),
    ])
    func followersAndFollowingHaveSingleKeys(language: Language, followers: String, following: String) async {
        let app = AppHarness(language: language)
        await app.open()
        await app.press("d")
        _ = app.said()
        await app.press("i")
        #expect(app.said().first?.hasPrefix(followers) == true, "\(app.said())")
        #expect(app.requests.contains("GET /api/v1/accounts/2/followers"))
        await app.press("Escape")
        _ = app.said()
        await app.press("o")
        #expect(app.said().first?.hasPrefix(following) == true, "\(app.said())")
        #expect(app.requests.contains("GET /api/v1/accounts/2/following"))
    }

    /// Carme as an account, from Grace's boost of her post on home.
    static func carme(_ app: AppHarness) throws -> Account {
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        return try #require(home.posts.first { $0.displayed.account.id == "4" }?.displayed.account)
    }

    @Test func muteBlockAndReportFromTheDetails() async throws {
        let app = AppHarness()
        await app.open()
        await app.press("d")  // Grace's details
        _ = app.said()
        await app.press("x")
        #expect(app.said() == ["say: Grace Hopper muted: their posts no longer reach your timelines."])
        await app.press("x")
        #expect(app.said() == ["say: Unmuted Grace Hopper."])
        await app.press("B")
        #expect(app.said() == ["say: Block Grace Hopper? They will not see your posts, nor you theirs. Press B again to block."])
        #expect(!app.server.state.withLock { $0.moderation }.contains("block 2"))
        await app.press("B")
        #expect(app.said() == ["say: Grace Hopper blocked."])
        await app.press("B")
        #expect(app.said() == ["say: Unblocked Grace Hopper."])
        await app.press("!")
        #expect(app.said().first?.hasPrefix("say: Report Grace Hopper. What is wrong, for the moderators, text field, empty") == true)
        await app.type("spam links")
        await app.press("Ctrl-S")
        #expect(app.said().contains("say (important): Report sent to your server's moderators."))
        #expect(app.server.state.withLock { $0.moderation } == ["mute 2", "unmute 2", "block 2", "unblock 2", "report 2 [] spam links"])
    }

    @Test func muteAndBlockFromTheDetailsInSpanish() async {
        let app = AppHarness(language: .spanish)
        await app.open()
        await app.press("d")
        _ = app.said()
        await app.press("x")
        #expect(app.said() == ["say: Grace Hopper silenciado: sus publicaciones ya no llegan a tus cronologías."])
        await app.press("x")
        #expect(app.said() == ["say: Has dejado de silenciar a Grace Hopper."])
        await app.press("B")
        #expect(app.said() == ["say: ¿Bloquear a Grace Hopper? No verá tus publicaciones, ni tú las suyas. Pulsa B otra vez para bloquear."])
        await app.press("B")
        #expect(app.said() == ["say: Grace Hopper bloqueado."])
        await app.press("B")
        #expect(app.said() == ["say: Has desbloqueado a Grace Hopper."])
        #expect(app.server.state.withLock { $0.moderation } == ["mute 2", "unmute 2", "block 2", "unblock 2"])
    }

    @Test func reportingAPostFromThePostViewInSpanish() async {
        let app = AppHarness(language: .spanish)
        await app.open()
        await app.press("Enter", "End", "Enter")
        #expect(app.said().last?.hasPrefix("say: Denunciar a Grace Hopper. Qué pasa, para los moderadores, campo de texto, vacío") == true)
        await app.press("Escape")
        #expect(app.said().first == "say (important): Denuncia no enviada.")
        #expect(app.server.state.withLock { $0.moderation }.isEmpty)
        await app.press("Enter")
        await app.type("odio")
        await app.press("Tab", "Enter")
        #expect(app.said().contains("say (important): Denuncia enviada a los moderadores de tu servidor."))
        #expect(app.server.state.withLock { $0.moderation } == ["report 2 [105] odio"])
    }

    @Test func fFollowsTheFocusedPersonOnAList() async {
        let app = AppHarness()
        app.server.state.withLock { _ = $0.following.remove("4") }
        await app.open()
        await app.press("d")
        for _ in 0..<7 { await app.press("Tab") }  // Followers
        await app.press("Enter", "End")
        _ = app.said()
        await app.press("f")
        #expect(app.said() == ["say: Follow requested. Carme Riera approves followers."])
        #expect(app.server.state.withLock { $0.requested } == ["4"])
        await app.press("Up")
        _ = app.said()
        await app.press("x")
        #expect(app.said() == ["say: Linus muted: their posts no longer reach your timelines."])
        // On yourself, a person key says it is you.
        await app.press("Home", "x")
        #expect(app.said().last == "say: That is you.")
    }
}
