import LoowiSupport
import AccessibleControls
import SpeechAudio

extension LoowiConfig {
    /// What the controls need: language, verbosity, positions, key echo, and the paces.
    public var controlSettings: ControlSettings {
        ControlSettings(
            language: language, verbosity: verbosity, announcesPositions: announcesPositions,
            keyEcho: keyEcho.resolved(for: display), wordsPerMinute: rate, selectorPause: .milliseconds(selectorPaceMilliseconds),
            multiTapTimeout: .milliseconds(keypadPaceMilliseconds))
    }

    /// The mixer's gain for earcons: the sound volume, or silence with sounds off.
    public var earconGain: Float { soundsEnabled ? Float(soundVolume) / 100 : 0 }

    /// The voice is the language's own unless one is named; the engine checks that it exists.
    public var speechSettings: SpeechSettings {
        SpeechSettings(
            voice: voice ?? language.voice, rate: rate, pitch: pitch, volume: volume,
            punctuation: punctuation, capitals: capitals)
    }

    /// The app's standard keys with the `[keys]` overrides. Throws only for a config made in code;
    /// one from `ConfigFile.load()` has been checked already.
    public func keymap() throws(KeymapError) -> Keymap {
        try Keymap.loowi.overridden(by: keys)
    }

    /// Every setting as config.toml lines, so `loowi config show` output can be pasted into
    /// the file. Settings that are not set (voice, sound pack) are comments saying what applies.
    public var tomlListing: String {
        var lines: [String] = []
        for key in ConfigKey.allCases {
            if let value = key.value(in: self) {
                lines.append("\(key.rawValue) = \(value.tomlText)")
            } else {
                lines.append("# \(key.rawValue) is not set: \(key.defaultDescription).")
            }
        }
        lines.append("")
        lines.append("[\(ConfigFile.keysTable)]")
        if keys.isEmpty { lines.append("# No key overrides: the standard keys apply.") }
        for (key, action) in keys.sorted(by: { $0.key < $1.key }) {
            lines.append("\(TOMLValue.key(key)) = \(TOMLValue.quoted(action))")
        }
        lines.append("")
        lines.append("[\(ConfigFile.voicesTable)]")
        if personVoices.isEmpty { lines.append("# No chosen voices: with voices_for_people on, each person's is made from their handle.") }
        for (handle, voice) in personVoices.sorted(by: { $0.key < $1.key }) {
            lines.append("\(TOMLValue.key(handle)) = \(TOMLValue.quoted(voice.setting))")
        }
        return lines.joined(separator: "\n")
    }
}
