import AccessibleControls
import SpeechAudio

extension AppCore {
    /// Changes one setting (the settings screen): the words, the controls and the text
    /// options follow at once, and the speech and sounds are told once by the returned
    /// feedback, which goes before what is said of the change. nil unsets a setting that
    /// may be unset (voice, sound pack).
    func change(_ key: ConfigKey, to value: TOMLValue?) throws(ConfigError) -> [Feedback] {
        let before = config
        let changed = try config.change(key, to: value)
        return settingsChanged(changed, from: before)
    }

    /// F5–F8, on every screen: one step of the setting, then what it is now.
    func answer(_ key: SettingKey) -> ScreenOutcome {
        let before = config
        let (changed, said) = config.answer(key)
        return ScreenOutcome(settingsChanged(changed, from: before) + [.say(said)])
    }

    private func settingsChanged(_ keys: [ConfigKey], from before: LoowiConfig) -> [Feedback] {
        guard !keys.isEmpty else { return [] }
        if strings.language != config.language { strings = AppStrings(config.language) }
        return navigator.follow(config, from: before) + (onSettingsChange?(keys, config) ?? [])
    }
}
