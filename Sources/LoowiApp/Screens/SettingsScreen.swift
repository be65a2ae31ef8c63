import AccessibleControls
import TweetEngine

/// Everything that shapes what is heard and shown, one list (F9): Up and Down choose a setting,
/// Right and Left change it, Enter goes round its values. Each change is an action on the
/// app's settings (`AppCore.change`), heard at once with the new setting (a new rate says its
/// value at that rate, a link setting reads a sample link) and saved at once in config.toml.
/// The rows are `ConfigKey.onScreen`: the same declarations `loowi config` checks and writes.
@MainActor
final class SettingsScreen: AppScreen {
    enum ControlID: String {
        case settings, accounts
    }

    let screen: ControlScreen
    private let list: Wheel
    private weak var app: AppCore?

    init(app: AppCore) {
        self.app = app
        let s = app.strings
        list = Wheel(
            adjustableID: ControlID.settings.rawValue, label: s(.settingsList),
            items: ConfigKey.onScreen.map { $0.spokenItem(in: app.config, strings: s) })
        // The accounts are on the toolbar: F11 opens them from anywhere too.
        let accounts = Button(id: ControlID.accounts.rawValue, label: s(.accountsTitle))
        screen = ControlScreen(
            title: s(.settingsTitle), controls: [list], toolbarFourth: .button(accounts), settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
    }

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        guard let app else { return .none }
        if event.control(as: ControlID.self) == .accounts, event.kind == .activated { return app.open(.accounts) }
        guard event.control(as: ControlID.self) == .settings, case .adjusted(let direction) = event.kind else { return .none }
        let key = ConfigKey.onScreen[list.index]
        guard let value = key.stepped(direction, from: app.config, texts: choices(for: key, app: app)) else {
            // At an end: the value stays, and says so.
            return ScreenOutcome([.earcon(.boundary), .say(key.spokenValue(in: app.config, strings: app.strings))])
        }
        let changed: [Feedback]
        do {
            changed = try app.change(key, to: value)
        } catch {
            return ScreenOutcome([.earcon(.error), .say(Self.refusal(error, of: key, strings: app.strings))])
        }
        // Every row again: a new language renames them all.
        let s = app.strings
        list.setItems(ConfigKey.onScreen.map { $0.spokenItem(in: app.config, strings: s) })
        // The speech is told first, so the preview is heard with the new setting.
        return ScreenOutcome(changed + preview(of: key, app: app) + [.redraw])
    }

    /// A value the setting's declaration refused, in the user's words ("Velocidad de voz: 451
    /// está fuera del intervalo; usa de 80 a 450."); another problem with its setting's name.
    static func refusal(_ error: ConfigError, of key: ConfigKey, strings: AppStrings) -> String {
        if let refusal = error.refusal { return refusal.spoken(in: strings.language) }
        return strings(.settingRefused, key.spokenName.map { strings($0) } ?? key.rawValue, error.description)
    }

    /// The values a text setting can take, "not set" first.
    private func choices(for key: ConfigKey, app: AppCore) -> [String?] {
        switch key {
        case .voice: [nil] + app.voiceChoices
        case .soundPack: [nil] + app.soundPackChoices
        default: [nil]
        }
    }

    /// What is heard after a change: the new value, spoken with the new settings, and where
    /// words alone would not show the difference, a sample or a sound.
    private func preview(of key: ConfigKey, app: AppCore) -> [Feedback] {
        let s = app.strings
        let value = key.spokenValue(in: app.config, strings: s)
        if key.appliesAtNextStart { return [.say(s(.settingNextStart, value))] }
        if let kind = key.announcement { return [.earcon(kind.earcon), .say(value)] }
        switch key {
        case .language:
            // Posts and sentences follow at once; titles already built do not.
            return [.say(s(.languagePreview, key.spokenItem(in: app.config, strings: s)))]
        case .sounds, .soundVolume, .soundPack:
            return [.earcon(.activate), .say(value)]
        case .punctuation:
            return [.say(s(.previewSample, value, s(.samplePunctuation)))]
        case .capitals:
            return [.say(s(.previewSample, value, s(.sampleCapitals)))]
        case .links, .emoji, .splitHashtags, .postLanguageVoice:
            return [.say(s(.previewSample, value, sample(for: key, app: app)))]
        case .voicesForPeople:
            // A sentence as someone's post would be read: in their voice when this is on.
            return [.say(s(.previewSample, value, app.textOptions.inPostLanguage(s(.sampleVoices), nil, author: "ana@example.social")))]
        default:
            return [.say(value)]
        }
    }

    /// A short post read with the current text options: what the setting changes, heard.
    private func sample(for key: ConfigKey, app: AppCore) -> String {
        let s = app.strings
        if key == .postLanguageVoice {
            // A post in the other language loowi speaks: Spanish, or English under Spanish.
            return s.language == .spanish
                ? app.textOptions.inPostLanguage("Good morning, everyone.", "en")
                : app.textOptions.inPostLanguage("Buenos días a todos.", "es")
        }
        let html: String =
            switch key {
            case .links: s(.sampleLinks, #"<a href="https://example.org/news/today">example.org/news/today</a>"#)
            case .emoji: s(.sampleEmoji, "\u{2600}\u{FE0F}\u{1F308}\u{1F389}\u{1F389}")
            default: "#DogsOfMastodon #COVID19Vaccine"
            }
        return PostText.from(html: "<p>" + html + "</p>", options: app.textOptions)
    }
}
