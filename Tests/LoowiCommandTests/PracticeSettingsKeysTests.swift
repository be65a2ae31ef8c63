import AccessibleControls
import LoowiApp
import SpeechAudio
import Testing
import TranscriptTesting

@testable import loowi

/// Practice owns its settings as the app does (issue 36): F5–F8 change them once, by each
/// setting's declaration, and the speech is told once, in order with the words.
@MainActor @Suite(.timeLimit(.minutes(5))) struct PracticeSettingsKeysTests {
    func navigator(_ config: LoowiConfig = LoowiConfig()) -> Navigator {
        PracticeRunner(config: config, line: true, speech: RecordingSpeech()).makeNavigator()
    }

    @Test func menuAndNavigation() throws {
        var session = TranscriptSession(navigator: navigator())
        session.run([
            .note("Tab and Shift-Tab move between controls; past the last one, focus wraps round with a sound."),
            .press("Tab", "Tab"),
            .press("Shift-Tab"),
            .press("Shift-Tab", "Shift-Tab"),
            .note("Where am I, repeat, and a key that does nothing here."),
            .press("F2", "F3", "F12"),
            .note("Open the Buttons screen and come back with Escape."),
            .press("Tab", "Tab", "Enter", "Escape"),
            .note("Escape on the first screen, then verbosity changes on the fly."),
            .press("Escape", "F5", "Tab", "F5", "Tab", "F5"),
            .note("Position announcements can be switched off and on."),
            .press("F6", "F6"),
            .note("Quit asks first."),
            .press("F10", "n", "Ctrl-Q", "Enter"),
        ])
        #expect(session.navigator.isFinished)
        try assertTranscript(session.text, named: "menu-and-navigation")
    }

    /// Before, practice's F8 said the new rate but its speech never heard of it.
    @Test func fasterReachesTheSpeechBeforeItsWordsAndPacesTheControls() {
        var config = LoowiConfig()
        config.language = .spanish
        let navigator = navigator(config)
        _ = navigator.start(now: .now)
        let faster = navigator.handle(.key(.f(8)), now: .now)
        var expected = config
        expected.rate = 200
        #expect(faster == [.configure(expected.outputSettings), .say("Velocidad 200 palabras por minuto.")])
        #expect(navigator.settings.wordsPerMinute == 200)
        // Verbosity is the controls' alone: nothing to tell the speech.
        #expect(navigator.handle(.key(.f(5)), now: .now) == [.say("Verbosidad: intermedia")])
    }
}
