import AccessibleControls
import SpeechAudio

/// Settings as state, changed by actions (TCA's reducer idea): the settings keys (F5–F8) and
/// the settings screen change a `LoowiConfig` here, once, by the setting's declaration; the
/// owner (the app, practice) then tells the controls and the speech once (`Navigator.follow`).
extension LoowiConfig {
    /// The one way a setting changes while loowi runs: checked by its declaration and made
    /// once; nil `value` is "not set" (the language's own voice, the built-in sounds).
    /// Returns the settings that changed: a new language also lets go of a voice chosen for
    /// the old one, which would read the new language with the wrong sounds.
    mutating func change(_ key: ConfigKey, to value: TOMLValue?) throws(ConfigError) -> [ConfigKey] {
        var next = self
        if let value { try key.apply(value, to: &next) } else { key.unset(in: &next) }
        var changed = key.value(in: next) == key.value(in: self) ? [] : [key]
        if key == .language, next.language != language, next.voice != nil {
            next.voice = nil
            changed.append(.voice)
        }
        self = next
        return changed
    }

    /// A settings key: one step of its setting by the setting's declared step, within its
    /// declared range (F7 at the slowest changes nothing), and the words that say where it
    /// is now.
    public mutating func answer(_ key: SettingKey) -> (changed: [ConfigKey], said: String) {
        var changed: [ConfigKey] = []
        if let value = key.setting.stepped(key.direction, from: self, texts: [nil]) {
            changed = (try? change(key.setting, to: value)) ?? []
        }
        return (changed, key.said(in: self))
    }

    /// What the speech and the sounds are told when one of them changes.
    public var outputSettings: OutputSettings {
        OutputSettings(speech: speechSettings, earconGain: earconGain, soundPack: soundPack, language: language)
    }
}

extension SettingKey {
    /// The setting the key steps.
    var setting: ConfigKey {
        switch self {
        case .cycleVerbosity: .verbosity
        case .togglePositions: .positions
        case .slower, .faster: .rate
        }
    }

    /// F5 and F6 go round their values, as Enter does on the settings screen.
    var direction: Int {
        switch self {
        case .cycleVerbosity, .togglePositions: 0
        case .slower: -1
        case .faster: 1
        }
    }

    /// "Verbosity: intermediate", "Positions off", "Rate 200 words a minute.", "Rate 450, the fastest."
    func said(in config: LoowiConfig) -> String {
        let s = AppStrings(config.language)
        switch self {
        case .cycleVerbosity:
            let key: AppText =
                switch config.verbosity {
                case .beginner: .verbosityNowBeginner
                case .intermediate: .verbosityNowIntermediate
                case .expert: .verbosityNowExpert
                }
            return s(key)
        case .togglePositions:
            return s(config.announcesPositions ? .positionsNowOn : .positionsNowOff)
        case .slower, .faster:
            guard case .number(let range, _) = ConfigKey.rate.rule else { return s(.rateNow, String(config.rate)) }
            let key: AppText = config.rate == range.upperBound ? .rateFastest : config.rate == range.lowerBound ? .rateSlowest : .rateNow
            return s(key, String(config.rate))
        }
    }
}

extension Navigator {
    /// What follows a change of the settings from `before` to `config`, once: the controls
    /// are given their settings now, and the speech and sounds are told in order with the
    /// words (the returned `.configure`, before what is said of the change).
    public func follow(_ config: LoowiConfig, from before: LoowiConfig) -> [Feedback] {
        update(settings: config.controlSettings)
        return config.outputSettings == before.outputSettings ? [] : [.configure(config.outputSettings)]
    }
}
