import AccessibleControls
import Synchronization
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 12, item 5: F11 lists the saved accounts; Enter on another opens it (its token
/// checked by the server) and hands it to the runner, which starts over on it; a failure is
/// said and the current account stays.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct AccountsScreenTests {
    static let ada = Credentials(server: FakeMastodon.server, accessToken: "t1", accountID: "1", username: "ada")
    static let bea = Credentials(server: FakeMastodon.server, accessToken: "t2", accountID: "7", username: "bea")
    static let gone = Credentials(server: FakeMastodon.server, accessToken: "t3", accountID: "9", username: "gone")

    /// An app reading as Ada, with Bea and an account whose token the server refuses.
    func app(_ language: Language = .english, saved: [Credentials] = [ada, bea, gone]) async -> (AppHarness, () -> [String]) {
        let app = AppHarness(language: language)
        let opened = Mutex<[String]>([])
        let refused = Self.gone.handle
        app.core.account = Self.ada
        app.core.accountChoices = AccountChoices(
            saved: { saved },
            open: { credentials in
                if credentials.handle == refused { throw EngineError.http(status: 401, message: nil) }
                return (TweetEngine(transport: StubTransport { _ in throw EngineError.cancelled }), credentials)
            })
        app.core.switchAccount = { _, credentials in opened.withLock { $0.append(credentials.handle) } }
        await app.open()
        _ = app.heard()
        return (app, { opened.withLock { $0 } })
    }

    @Test func f11ListsTheAccountsAndEnterSwitchesInEnglish() async {
        let (app, opened) = await app()
        await app.press("F11")
        #expect(app.said() == [
            "say: Accounts. Saved accounts, list, @ada@fake.social, current, 1 of 3. Enter reads the account, without restarting.",
        ])
        await app.press("Enter")
        #expect(app.said() == ["say: @ada@fake.social, current selected", "say: You are reading as @ada@fake.social already."])
        await app.press("Down", "Enter")
        #expect(app.said().prefix(2) == ["say: @bea@fake.social, 2 of 3", "say: @bea@fake.social selected"])
        #expect(opened() == ["@bea@fake.social"])
    }

    @Test func aRefusedAccountIsSaidAndTheCurrentOneStaysInSpanish() async {
        let (app, opened) = await app(.spanish)
        await app.press("F11")
        #expect(app.said().first?.hasPrefix("say: Cuentas. Cuentas guardadas, lista, @ada@fake.social, la actual, 1 de 3.") == true)
        await app.press("End", "Enter")
        let said = app.said()
        #expect(said.last?.contains("Tu sesión ya no es válida") == true || said.last?.contains("inicia sesión") == true, "\(said)")
        #expect(opened().isEmpty)
        // Still on the accounts screen of the same app.
        #expect(app.core.navigator.current.title == "Cuentas")
    }

    @Test func withOneAccountItSaysHowToAddOne() async {
        let (app, _) = await app(saved: [Self.ada])
        await app.press("F11")
        #expect(app.said() == [
            "say: Accounts. Saved accounts, text, @ada@fake.social is your only account. To add one, quit and type loowi login and your server. Space reads the next word, Shift-Space the previous word, Enter the whole text.",
        ])
        // F11 again says where the user is; Escape goes back.
        await app.press("F11", "Escape")
        #expect(app.said().last?.hasPrefix("say: Home timeline.") == true)
    }

    @Test func theSettingsOpenTheAccountsToo() async {
        let (app, _) = await app()
        await app.press("F9")
        for _ in 0..<10 where app.core.navigator.current.focus.focused.id != "accounts" { await app.press("Shift-Tab") }
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().last?.hasPrefix("say: Accounts. Saved accounts, list, @ada@fake.social, current, 1 of 3.") == true)
    }
}
