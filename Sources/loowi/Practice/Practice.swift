import AccessibleControls

extension Loowi {
    /// `loowi practice`: screens to learn every control by ear, like iLoowi's test apps.
    struct Practice: Command {
        static let info = CommandInfo(
            name: "practice",
            abstract: "Learn and try every control: buttons, a phone keypad, options, spoken options, a wheel, sliders, a busy indicator.",
            discussion: "Tab and Shift-Tab move between controls, Enter activates, Escape goes back, F1 says every key of the screen, F10 quits.",
            parameters: [.flag("line", help: "Line mode: print each utterance as one plain line, for braille displays and console screen readers.")]
                + SpeechOptions.parameters + [
                    .option(
                        "language", help: "Interface language: en-gb, en-us, es or ca (en is en-gb; default: config.toml's).",
                        values: .choice(Language.allValueStrings)),
                    .option(
                        "verbosity", help: "beginner, intermediate or expert.", default: "beginner",
                        values: .choice(Verbosity.allCases.map(\.rawValue))),
                    .option(
                        "keypad", help: "Keypad entry: timed (the iLoowi way) or multi-tap.", default: "timed",
                        values: .choice(Keypad.EntryStyle.allCases.map(\.rawValue))),
                    .option(
                        "echo", help: "Key echo in text fields: none, characters, words or both.", default: "characters",
                        values: .choice(KeyEcho.allCases.map(\.rawValue))),
                ])

        var line: Bool
        var speech: SpeechOptions
        var language: Language?
        var verbosity: String
        var keypad: String
        var echo: String

        init(_ values: ArgumentValues) throws {
            line = values.flag("line")
            speech = try SpeechOptions(values)
            language = try values.value("language")
            verbosity = values.string("verbosity") ?? "beginner"
            keypad = values.string("keypad") ?? "timed"
            echo = values.string("echo") ?? "characters"
        }

        func validate() throws {
            guard Verbosity(rawValue: verbosity) != nil else {
                throw UsageError("Unknown verbosity \"\(verbosity)\": use beginner, intermediate or expert.")
            }
            guard ["timed", "multi-tap"].contains(keypad) else {
                throw UsageError("Unknown keypad entry \"\(keypad)\": use timed or multi-tap.")
            }
            guard KeyEcho(rawValue: echo) != nil else { throw UsageError("Unknown key echo \"\(echo)\": use none, characters, words or both.") }
        }

        func run() async throws {
            // The rate paces the timed selector and timed keypad: they wait for each option to be said.
            let language = language ?? speech.config.language
            let settings = ControlSettings(
                language: language, verbosity: Verbosity(rawValue: verbosity)!,
                keyEcho: KeyEcho(rawValue: echo)!, wordsPerMinute: speech.wordsPerMinute)
            let (output, pipeline) = try await PracticeSpeech.make(line: line, options: speech, language: language)
            let runner = await PracticeRunner(
                settings: settings, keypadStyle: keypad == "timed" ? .timed : .multiTap, line: line, speech: output,
                soundWords: speech.config.soundWords, theme: speech.config.theme)
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
