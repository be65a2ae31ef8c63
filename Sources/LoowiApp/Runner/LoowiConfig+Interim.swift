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
