import AccessibleControls
import ArgumentParser
import Foundation
import LoowiApp
import SpeechAudio

extension SpeechBackend: ExpressibleByArgument {}

/// The speech and output flags every speaking command shares.
struct SpeechOptions: ParsableArguments {
    @Option(help: "Voice name or language code, such as en-gb, en-us, es or ca (see `loowi voices`).")
    var voice = Self.defaultVoice

    static let defaultVoice = "en-gb"

    @Option(help: "Speech rate in words per minute (80 to 450).")
    var rate = 175

    @Option(help: "Pitch, 0 to 100 (50 is the voice's own).")
    var pitch = 50

    @Option(help: "Volume, 0 to 200 (100 is normal).")
    var volume = 100

    @Option(help: "Which punctuation is spoken: none, some, most or all.")
    var punctuation = "some"

    @Option(help: "How capital letters are told apart: none, spell, earcon or pitch.")
    var capitals = "pitch"

    @Option(help: "Write the sound into this WAV file instead of playing it.")
    var wav: String?

    @Flag(name: .customLong("silent"), help: "Make no sound at all (no device, no file).")
    var silent = false

    @Option(name: .customLong("sound-pack"), help: "Use the sounds in $XDG_DATA_HOME/loowi/sounds/NAME where present.")
    var soundPack: String?

    @Option(
        name: .customLong("speech-backend"),
        help: ArgumentHelp(
            "Who speaks: espeak (loowi's own eSpeak NG) or speech-dispatcher (your speech-dispatcher's queue; eSpeak NG if it does not answer).",
            valueName: "espeak|speech-dispatcher"))
    var speechBackend: SpeechBackend = .espeak

    func settings() throws -> SpeechSettings {
        SpeechSettings(
            voice: voice, rate: rate, pitch: pitch, volume: volume,
            punctuation: try SpeechSettings.parse(punctuation, as: PunctuationLevel.self, option: "punctuation level"),
            capitals: try SpeechSettings.parse(capitals, as: CapitalIndication.self, option: "capital letter indication"))
    }

    func makeSink() throws -> AudioSink {
        if let wav { return try WAVFileSink(url: URL(fileURLWithPath: wav)) }
        if silent { return NullSink() }
        return DeviceSink()
    }

    /// Builds the real pipeline; a bad voice or value is reported before any sound is made.
    /// `language` is the interface language the speech-dispatcher fallback is said in
    /// (default: config.toml's, else British English).
    func makePipeline(language: Language? = nil) async throws -> SpeechPipeline {
        let settings = try settings()
        // Check the voice and values before a device or file is opened.
        if speechBackend == .espeak { try await SpeechEngine.shared.validate(settings) } else { try settings.validate() }
        let earcons = EarconLibrary(pack: soundPack)
        for problem in earcons.problems { Console.warn(problem) }
        return try await SpeechStart.pipeline(
            backend: speechBackend, language: language ?? Self.configuredLanguage, sink: try makeSink(), settings: settings, earcons: earcons)
    }

    /// config.toml's interface language; British English when there is none or it cannot be read.
    static var configuredLanguage: Language {
        (try? CommandSupport.loadConfig())?.language ?? .britishEnglish
    }
}
