import AccessibleControls
import LoowiApp

/// The practice loop: the practice gallery's navigator in the shared screen loop. Practice
/// owns its settings as the app does: the settings keys (F5–F8) change them once, by each
/// setting's declaration, and the speech hears of it once, in order with the words. They
/// are not saved: practice is for trying.
@MainActor
final class PracticeRunner {
    private(set) var config: LoowiConfig
    let line: Bool
    let speech: any SpeechOutput

    init(config: LoowiConfig, line: Bool, speech: any SpeechOutput) {
        self.config = config
        // The echo's `auto` follows the display: a braille line hears words.
        if line { self.config.display = .line }
        self.line = line
        self.speech = speech
    }

    func run() async throws {
        let navigator = makeNavigator()
        let loop = ScreenLoop(line: line, speech: speech)
        loop.soundWords = config.soundWords
        loop.theme = config.theme
        try await loop.run(NavigatorDriver(navigator))
    }

    /// The gallery, with the settings keys answered by these settings.
    func makeNavigator() -> Navigator {
        let settings = config.controlSettings
        let gallery = PracticeGallery(settings: settings, keypadStyle: config.keypadStyle)
        let navigator = Navigator(root: gallery.menu(), settings: settings)
        // The navigator keeps the runner, its settings' owner, as long as it runs.
        navigator.onSettingKey = { [unowned navigator] key, _ in
            let before = self.config
            let said = self.config.answer(key).said
            return ScreenOutcome(navigator.follow(self.config, from: before) + [.say(said)])
        }
        return navigator
    }
}
