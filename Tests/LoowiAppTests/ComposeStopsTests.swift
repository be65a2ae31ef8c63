import AccessibleControls
import Testing

@testable import LoowiApp

/// Compose for a terminal (issue 39, item 1): Tab goes from the text through the choices to
/// Send, with no phone keypad or word buttons; line mode echoes words.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ComposeStopsTests {
    /// The focus ids Tab reaches from the text, until it comes back to it.
    static func stops(_ app: AppHarness) async -> [String] {
        var ids: [String] = []
        for _ in 0..<30 {
            await app.press("Tab")
            let id = app.core.navigator.current.focus.focused.id
            if id == "text" { break }
            ids.append(id)
        }
        return ids
    }

    @Test func aNewPostGoesFromTheTextThroughTheChoicesToSend() async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        #expect(app.core.navigator.current.focus.focused.id == "text")
        #expect(await Self.stops(app) == [
            "warning", "visibility", "language", "pollChoices", "pollLength", "pollKind", "attachments", "sensitive", "send",
            "remaining", ToolbarControl.back.rawValue, ToolbarControl.info.rawValue,
        ])
    }

    /// A direct message is direct: no choice of who can see it, so Send is one stop nearer.
    @Test func aDirectMessageHasNoVisibilityStop() async {
        var config = LoowiConfig()
        config.dmFollowersOnly = false
        let app = AppHarness(config: config)
        await app.open()
        await app.press("Down", "m")
        let stops = await Self.stops(app)
        #expect(!stops.contains("visibility"))
        #expect(stops.prefix(2) == ["warning", "language"])
    }

    /// Shift-Tab from the text reaches the toolbar's end first, then the counter and Send.
    @Test func shiftTabFromTheTextReachesTheCounterInSpanish() async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(language: .spanish))
        await app.open()
        await app.press("n")
        _ = app.said()
        await app.press("Shift-Tab", "Shift-Tab", "Shift-Tab")
        #expect(app.said().last?.hasPrefix("say: Caracteres restantes, texto, Quedan 500 caracteres.") == true)
        await app.press("Shift-Tab")
        #expect(app.said().last?.hasPrefix("say: Enviar, botón.") == true)
    }

    /// Typing echo: `auto`, the default, is words in line mode and letters on the full screen.
    @Test(arguments: [DisplayMode.line, .full])
    func theDefaultEchoFollowsTheDisplay(display: DisplayMode) async {
        var config = LoowiConfig()
        config.display = display
        #expect(config.keyEcho == .auto)
        let app = AppHarness(config: config)
        await app.open()
        await app.press("n")
        _ = app.said()
        await app.type("hi there ")
        let said = app.said()
        if display == .line {
            #expect(said == ["say: hi", "say: there"])
        } else {
            #expect(said.prefix(2) == ["say: h", "say: i"])
            #expect(!said.contains("say: hi"))
        }
    }

    /// A chosen echo is kept in line mode too.
    @Test func aChosenEchoIsKeptInLineMode() async {
        var config = LoowiConfig()
        config.display = .line
        config.keyEcho = .characters
        let app = AppHarness(config: config)
        await app.open()
        await app.press("n")
        _ = app.said()
        await app.type("hi")
        #expect(app.said() == ["say: h", "say: i"])
    }
}
