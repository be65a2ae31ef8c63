import AccessibleControls
import SpeechAudio

extension AppCore {
    /// Changes one setting at once: the words, the controls and the text options follow now;
    /// the runner applies speech and sound and saves it before the next feedback goes out
    /// (`takeChangedSettings`). nil unsets a setting that may be unset (voice, sound pack).
    func change(_ key: ConfigKey, to value: TOMLValue?) throws(ConfigError) {
        // Keys may have changed the rate or verbosity since the last save: keep them.
        adopt(navigator.settings)
        var changed = config
        if let value { try key.apply(value, to: &changed) } else { key.unset(in: &changed) }
        // A voice chosen for the old language would read the new one with the wrong sounds.
        if key == .language, changed.language != config.language, changed.voice != nil {
            changed.voice = nil
            if !changedSettings.contains(.voice) { changedSettings.append(.voice) }
        }
        config = changed
        if strings.language != changed.language { strings = AppStrings(changed.language) }
        navigator.update(settings: changed.controlSettings)
        if !changedSettings.contains(key) { changedSettings.append(key) }
    }

    /// The settings changed since the last call, for the runner to apply and save.
    public func takeChangedSettings() -> [ConfigKey] {
        defer { changedSettings = [] }
        return changedSettings
    }
}
