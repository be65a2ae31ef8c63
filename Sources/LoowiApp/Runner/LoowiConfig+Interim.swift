import AccessibleControls

// Interim conversion until the configuration work lands its own; replaced at merge.
extension LoowiConfig {
    var appControlSettings: ControlSettings {
        ControlSettings(
            language: language.interface, verbosity: verbosity, announcesPositions: announcesPositions, keyEcho: keyEcho,
            wordsPerMinute: rate, selectorPause: .milliseconds(selectorPaceMilliseconds),
            multiTapTimeout: .milliseconds(keypadPaceMilliseconds))
    }
}

import SpeechAudio

extension LoowiConfig {
    var appSpeechSettings: SpeechSettings {
        SpeechSettings(voice: voice ?? language.voice, rate: rate, pitch: pitch, volume: volume, punctuation: punctuation, capitals: capitals)
    }
}

import AccessibleControls

extension LoowiConfig {
    func appKeymap() throws -> Keymap {
        try Keymap.standard.overridden(by: keys)
    }
}

extension AppLaunch {
    /// Keeps run-time changes (rate, verbosity) for next time. Interim: the configuration
    /// file work provides the writer.
    func persist(_ config: LoowiConfig) {}
}
