import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 12, item 4: F1 opens the help as a list, one key a line, stepped with Down, Up,
/// Home and End; Escape (or F1) comes back with the focus where it was. A beginner's hint is
/// said once per screen in a session, and F1's first line always repeats it.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct HelpListTests {
    @Test func steppingTheTimelinesHelpInEnglish() async {
        let app = AppHarness(language: .english)
        await app.open()
        await app.press("Down")
        _ = app.heard()
        await app.press("F1")
        #expect(app.heard() == [
            "sound: focus",
            // Short: the screen and the number of lines; the focused control's hint is the second.
            "say: Help for Home timeline: 70 lines; Down reads them.",
        ])
        // The screen's own keys first, then the app's, the controls', and the screen-wide ones.
        await app.press("Down", "Down", "Down", "Down", "Up")
        #expect(app.heard() == [
            "say: Posts, list: Down and Up read the next and previous post; Enter opens it with all you can do, o lists its links, s searches. r replies, b boosts, f favourites, t opens the thread, a the author's posts, d their details, n writes a new post, u refreshes, 2 of 70",
            "say: Timeline, keys, 3 of 70", "say: r: reply, 4 of 70", "say: b: boost, 5 of 70", "say: r: reply, 4 of 70",
        ])
        let lines = app.helpLines
        #expect(lines.firstIndex(of: "Loowi, keys").map { lines[$0 + 1] } == "F9: settings")
        #expect(lines.firstIndex(of: "Timeline, keys")! < lines.firstIndex(of: "List, keys")!)
        #expect(lines.firstIndex(of: "List, keys")! < lines.firstIndex(of: "Any screen, keys")!)
        await app.press("End")
        #expect(app.heard() == ["sound: boundary", "say: F10 or Ctrl-Q: quit, 70 of 70"])
        await app.press("Home")
        #expect(app.heard().last == "say: Help for Home timeline: 70 lines; Down reads them, 1 of 70")
        // Escape comes back to the same post, focus kept; the hint is not said again.
        await app.press("Escape")
        #expect(app.heard() == ["sound: focus", "say: Home timeline. Posts, list, Linus. Content warning: long rant. Press E to read it. 20 minutes ago, 2 of 4."])
        // F1 also closes it.
        await app.press("F1", "F1")
        #expect(app.said().last == "say: Home timeline. Posts, list, Linus. Content warning: long rant. Press E to read it. 20 minutes ago, 2 of 4.")
        #expect(app.core.navigator.stack.count == 1)
    }

    @Test func steppingTheComposeHelpInSpanish() async {
        let app = AppHarness(language: .spanish)
        await app.open()
        await app.press("n")
        _ = app.said()
        await app.press("F1")
        #expect(app.said() == ["say: Ayuda de Nueva publicación: 45 líneas; Abajo las lee."])
        await app.press("Down", "Down", "Down")
        // The focused field's hint, then the writing keys first: Ctrl+S sends from any field.
        #expect(app.said() == [
            "say: Texto de la publicación, campo de texto: Escribe. Izquierda y Derecha mueven el cursor, Alt-b y Alt-f por palabras, Inicio y Fin a los extremos, 2 de 45",
            "say: Escritura, teclas, 3 de 45", "say: Ctrl-S: enviar, desde cualquier campo, 4 de 45",
        ])
        await app.press("Escape")
        #expect(app.said() == ["say: Nueva publicación. Texto de la publicación, campo de texto, vacío, cursor al final."])
    }

    /// Issue 39, item 1: compose's help names compose's keys, not the phone keypad's or the
    /// word-by-word keys of its counter.
    @Test func theComposeHelpNamesOnlyComposeKeys() async {
        let app = AppHarness(language: .english)
        await app.open()
        await app.press("n", "F1")
        let lines = app.helpLines
        #expect(lines.first == "Help for New post: 45 lines; Down reads them", "\(lines)")
        #expect(lines.contains("Ctrl-S: send, from any field"), "\(lines)")
        #expect(!lines.contains { $0.localizedCaseInsensitiveContains("keypad") || $0.contains("next word") || $0.contains("Digits") }, "\(lines)")
    }

    @Test func aHintIsSaidOncePerScreenAndF1AlwaysRepeatsIt() async {
        let app = AppHarness(language: .english)
        await app.open()
        let hint = "Down and Up read the next and previous post; Enter opens it with all you can do, o lists its links, s searches. r replies, b boosts, f favourites, t opens the thread, a the author's posts, d their details, n writes a new post, u refreshes."
        #expect(app.said().last?.hasSuffix(hint) == true)
        // Away and back: the timeline is said without it.
        await app.press("n", "Escape")
        #expect(app.said().last == "say: Home timeline. Posts, list, Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4.")
        // The compose screen's field hint, too, only the first time.
        await app.press("n")
        #expect(app.said() == ["say: New post. Post text, text field, empty, cursor at end."])
        await app.press("Escape")
        // At beginner level F1's second line still has it, after the short first line.
        await app.press("F1")
        #expect(app.helpLines.prefix(2) == ["Help for Home timeline: 70 lines; Down reads them", "Posts, list: " + hint.dropLast()])
        // At expert, F1 too.
        await app.press("Escape", "F5", "F5", "F1")
        #expect(app.helpLines.dropFirst().first == "Posts, list: " + hint.dropLast())
    }

    @Test func inLineModeEveryStepPrints() async {
        let app = AppHarness(language: .english)
        await app.open()
        app.lineMode = .english
        _ = app.heard()
        await app.press("F1", "Down", "Up", "Up")
        let printed = app.heard()
        #expect(printed.filter { $0.hasPrefix("say") }.count == 4, "\(printed)")
        #expect(printed.suffix(3) == ["sound: boundary", "print: [top]", "say: Help for Home timeline: 70 lines; Down reads them"], "\(printed)")
    }

    @Test func theToolbarsInfoButtonOpensTheSameList() async {
        let app = AppHarness(language: .english)
        await app.open()
        // Shift-Tab back round to the toolbar's Info.
        for _ in 0..<10 where app.core.navigator.current.focus.focused.id != ToolbarControl.info.rawValue { await app.press("Shift-Tab") }
        #expect(app.said().last == "say: Info, button. Enter opens the help: every key of this screen, one a line.")
        await app.press("Enter")
        #expect(app.helpLines.dropFirst().first?.hasPrefix("Info, button: Enter opens the help") == true)
        await app.press("Escape")
        #expect(app.said().last == "say: Home timeline. Info, button.")
    }
}
