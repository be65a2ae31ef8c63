import AccessibleControls
import SpeechAudio
import Testing

@testable import LoowiApp

@Suite(.timeLimit(.minutes(5))) struct ConfigConversionTests {
    @Test func controlSettingsCarryLanguageVerbosityAndPaces() {
        var config = LoowiConfig()
        config.language = .catalan
        config.verbosity = .intermediate
        config.announcesPositions = false
        config.keyEcho = .both
        config.rate = 300
        config.selectorPaceMilliseconds = 450
        config.keypadPaceMilliseconds = 2000
        #expect(
            config.controlSettings
                == ControlSettings(
                    language: .catalan, verbosity: .intermediate, announcesPositions: false, keyEcho: .both,
                    wordsPerMinute: 300, selectorPause: .milliseconds(450), multiTapTimeout: .milliseconds(2000)))
        // One language type: the controls get the American variant itself and speak the
        // British table, which has no American spellings to differ in.
        config.language = .americanEnglish
        #expect(config.controlSettings.language == .americanEnglish)
        #expect(Strings(config.controlSettings.language)(.positionOf, "3", "20") == "3 of 20")
        #expect(Strings(config.controlSettings.language).spokenName(of: .shiftTab) == "Shift-Tab")
    }

    @Test func speechSettingsUseTheLanguagesVoiceUnlessOneIsNamed() {
        var config = LoowiConfig()
        config.language = .spanish
        config.rate = 250
        config.pitch = 30
        config.volume = 180
        config.punctuation = .all
        config.capitals = .spell
        #expect(config.speechSettings == SpeechSettings(voice: "es", rate: 250, pitch: 30, volume: 180, punctuation: .all, capitals: .spell))
        config.voice = "en-us"
        #expect(config.speechSettings.voice == "en-us")
    }

    @Test func keymapAppliesTheOverrides() throws {
        var config = LoowiConfig()
        #expect(try config.keymap() == Keymap.loowi)
        config.keys = ["F9": "info", "label:Backspace": "none"]
        let keymap = try config.keymap()
        #expect(keymap.action(for: .f(9), in: .global) == .info)
        #expect(keymap.action(for: .backspace, in: .label) == nil)
        #expect(Keymap.standard.action(for: .backspace, in: .label) == .previousWord)
        config.keys = ["list:F9": "activate"]
        #expect(
            throws: KeymapError.actionNotInScope(
                action: "activate", scope: "list",
                allowed: ["first", "last", "next", "pageBackward", "pageForward", "previous", "sayPosition", "select"])
        ) {
            try config.keymap()
        }
    }

    @Test func aLoadedFileGivesTheSameSettingsAsTheConversions() throws {
        let config = try ConfigFile.config(from: "language = \"ca\"\nrate = 320\nkeypad_pace_ms = 800\n", fileName: "config.toml")
        #expect(config.speechSettings.voice == "ca")
        #expect(config.speechSettings.rate == 320)
        #expect(config.controlSettings.wordsPerMinute == 320)
        #expect(config.controlSettings.multiTapTimeout == .milliseconds(800))
        #expect(config.controlSettings.language == .catalan)
    }
}
