import AccessibleControls

/// The practice loop: the practice gallery's navigator in the shared screen loop.
@MainActor
final class PracticeRunner {
    let settings: ControlSettings
    let keypadStyle: Keypad.EntryStyle
    let line: Bool
    let speech: any SpeechOutput
    /// Line mode's bracketed words for lone sounds (`sound_words` in config.toml).
    let soundWords: Bool
    /// The full screen's colours, as the app draws them (`theme` in config.toml).
    let theme: ScreenTheme

    init(
        settings: ControlSettings, keypadStyle: Keypad.EntryStyle, line: Bool, speech: any SpeechOutput, soundWords: Bool = true,
        theme: ScreenTheme = .default
    ) {
        self.settings = settings
        self.theme = theme
        self.keypadStyle = keypadStyle
        self.line = line
        self.speech = speech
        self.soundWords = soundWords
    }

    func run() async throws {
        let gallery = PracticeGallery(settings: settings, keypadStyle: keypadStyle)
        let navigator = Navigator(root: gallery.menu(), settings: settings)
        let loop = ScreenLoop(line: line, speech: speech)
        loop.soundWords = soundWords
        loop.theme = theme
        try await loop.run(NavigatorDriver(navigator))
    }
}
