import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 13, item 2 (part): Ctrl+S sends from any field of the compose screen, F1 there says
/// so first, and a reply holding only the names asks before it goes.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ComposeSendKeyTests {
    func posted(_ app: AppHarness) -> [String] {
        app.server.state.withLock { $0.posted.compactMap { $0["status"] } }
    }

    @Test func ctrlSSendsFromTheTextFieldAndFromAChoice() async {
        let app = AppHarness(language: .english)
        await app.open()
        await app.press("n")
        await app.type("Hello from the field")
        _ = app.said()
        await app.press("Ctrl-S")
        #expect(app.said().first == "say (important): Post sent.", "\(app.transcript)")
        #expect(posted(app) == ["Hello from the field"])
        // From the language, three Tabs away from the field.
        await app.press("n")
        await app.type("And from the language")
        await app.press("Tab", "Tab", "Tab")
        #expect(app.said().last?.hasPrefix("say: Language of the post") == true)
        await app.press("Ctrl-S")
        #expect(posted(app) == ["Hello from the field", "And from the language"])
    }

    @Test func f1InComposeSaysCtrlSFirst() async {
        let app = AppHarness(language: .english)
        await app.open()
        await app.press("n", "F1")
        #expect(Array(app.helpLines.dropFirst(2).prefix(2)) == ["Writing, keys", "Ctrl-S: send, from any field"])
    }

    @Test func aReplyWithOnlyTheNamesAsksFirstInEnglishAndSpanish() async {
        for (language, ask) in [
            (Language.english, "say: Your reply holds only the names. Send again to send it as it is, or write something first."),
            (.spanish, "say: Tu respuesta solo tiene los nombres. Envía otra vez para mandarla así, o escribe algo antes."),
        ] {
            let app = AppHarness(language: language)
            await app.open()
            await app.press("r")
            _ = app.heard()
            await app.press("Ctrl-S")
            #expect(app.heard() == ["sound: soft-error", ask], "\(language)")
            #expect(posted(app).isEmpty)
            // Asked once: the second Ctrl+S sends it as it is.
            await app.press("Ctrl-S")
            #expect(posted(app) == ["@grace "], "\(language)")
        }
    }

    @Test func typingAfterTheQuestionAsksAgainIfOnlyTheNamesAreLeft() async {
        let app = AppHarness(language: .english)
        await app.open()
        await app.press("r", "Ctrl-S")
        await app.type("x")
        await app.press("Backspace")
        _ = app.said()
        await app.press("Ctrl-S")
        #expect(app.said() == ["say: Your reply holds only the names. Send again to send it as it is, or write something first."])
        #expect(posted(app).isEmpty)
    }
}

/// Issue 13, item 1 (part): a post says what you did with it, after you did it too.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct YourMarksAppTests {
    @Test func aBoostedAndFavouritedPostSaysSoInEnglishAndSpanish() async {
        for (language, marks) in [(Language.english, "You boosted this. You favourited this."), (.spanish, "La impulsaste. La marcaste como favorita.")] {
            let app = AppHarness(language: language)
            await app.open()
            await app.press("b", "f")
            _ = app.said()
            await app.press("Down", "Up")
            #expect(app.said().last?.contains("Compilers are fun. \(marks)") == true, "\(language): \(app.transcript)")
        }
    }
}
