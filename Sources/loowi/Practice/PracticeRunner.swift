import AccessibleControls

/// The practice loop: the practice gallery's navigator in the shared screen loop.
@MainActor
final class PracticeRunner {
    let settings: ControlSettings
    let keypadStyle: Keypad.EntryStyle
    let line: Bool
    let speech: any SpeechOutput

    init(settings: ControlSettings, keypadStyle: Keypad.EntryStyle, line: Bool, speech: any SpeechOutput) {
        self.settings = settings
        self.keypadStyle = keypadStyle
        self.line = line
        self.speech = speech
    }

    func run() async throws {
        let gallery = PracticeGallery(settings: settings, keypadStyle: keypadStyle)
        let navigator = Navigator(root: gallery.menu(), settings: settings)
        try await ScreenLoop(line: line, speech: speech).run(NavigatorDriver(navigator))
    }
}
