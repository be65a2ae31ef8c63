import AccessibleControls
import LoowiApp

extension Loowi {
    /// `loowi practice`: screens to learn every control by ear, like iLoowi's test apps.
    struct Practice: Command {
        static let info = CommandInfo(
            name: "practice",
            abstract: "Learn and try every control: buttons, a phone keypad, options, spoken options, a wheel, sliders, a busy indicator.",
            discussion: "Tab and Shift-Tab move between controls, Enter activates, Escape goes back, F1 says every key of the screen, F10 quits.",
            parameters: [.flag("line", help: "Line mode: print each utterance as one plain line, for braille displays and console screen readers.")]
                + SpeechOptions.parameters + [.option("language", help: "Interface language: en-gb, en-us, es or ca (en is en-gb; default: config.toml's).")]
                + readingSettings.map(Parameter.init(setting:)))

        /// What the controls say and how the keypad types, over config.toml's as the speech is.
        static let readingSettings: [ConfigKey] = [.verbosity, .keypad, .keyEcho]

        var line: Bool
        var speech: SpeechOptions
        var language: Language?
        var reading: SettingOverrides

        init(_ values: ArgumentValues) throws {
            line = values.flag("line")
            speech = try SpeechOptions(values)
            language = try values.value("language")
            reading = try SettingOverrides(Self.readingSettings, in: values)
        }

        func run() async throws {
            let config = reading.applied(to: speech.config(language: language))
            let (output, pipeline) = try await PracticeSpeech.make(line: line, options: speech, language: config.language)
            // Sounds as the app makes them: the sound volume, or none with sounds off.
            pipeline?.mixer.earconGain = config.earconGain
            // The rate paces the timed selector and timed keypad: they wait for each option to be said.
            let runner = await PracticeRunner(config: config, line: line, speech: output)
            do {
                try await runner.run()
                await pipeline?.finish()
            } catch let error as TerminalError {
                await pipeline?.finish()
                // Not a terminal (or one we cannot drive): say so plainly and stop cleanly.
                print(error.description)
                throw ExitStatus.failure
            }
        }
    }
}
