import AccessibleControls
import FoundationEssentials
import LoowiSupport
import LoowiApp
import SpeechAudio

extension SpeechBackend: ArgumentValue {}

/// The speech and output flags every speaking command shares. A value not given here comes
/// from config.toml (voice, rate, pitch, volume, punctuation, capitals, speech_backend), so
/// `say`, `practice` and `--speak` sound like the app.
struct SpeechOptions: ArgumentGroup {
    static let parameters: [Parameter] = [
        .option(
            "voice",
            help: "Voice name or language code, such as en-gb, en-us, es or ca (see `loowi voices`; default: config.toml's voice, or its language's)."),
        .option("rate", help: "Speech rate in words per minute (80 to 450; default: config.toml's, else 175)."),
        .option("pitch", help: "Pitch, 0 to 100 (50 is the voice's own; default: config.toml's)."),
        .option("volume", help: "Volume, 0 to 200 (100 is normal; default: config.toml's)."),
        .option(
            "punctuation", help: "Which punctuation is spoken: none, some, most or all (default: config.toml's, else some).",
            values: .choice(PunctuationLevel.allCases.map(\.rawValue))),
        .option(
            "capitals", help: "How capital letters are told apart: none, spell, earcon or pitch (default: config.toml's, else pitch).",
            values: .choice(CapitalIndication.allCases.map(\.rawValue))),
        .option("sound-pack", help: "Use the sounds in $XDG_DATA_HOME/loowi/sounds/NAME where present."),
    ] + outputParameters

    /// Where the sound goes and who speaks: the same three for the speaking commands and for
    /// the app (`LaunchOptions`), with one wording.
    static let outputParameters: [Parameter] = [
        .option("wav", value: "file", help: "Write the sound into this WAV file instead of playing it.", values: .file),
        .flag("silent", help: "Make no sound at all (no device, no file)."),
        .option(
            "speech-backend", value: "espeak|speech-dispatcher",
            help:
                "Who speaks: espeak (loowi's own eSpeak NG) or speech-dispatcher (your speech-dispatcher's queue; eSpeak NG if it does not answer). Default: speech_backend in config.toml.",
            values: .choice(SpeechBackend.allValueStrings)),
    ]

    /// A file and no sound at all cannot both be had; neither wins quietly.
    static func checkOutput(wav: String?, silent: Bool) throws {
        if wav != nil, silent { throw UsageError("Choose one of --wav and --silent.") }
    }

    var voice: String?
    var rate: Int?
    var pitch: Int?
    var volume: Int?
    var punctuation: String?
    var capitals: String?
    var wav: String?
    var silent = false
    var soundPack: String?
    var speechBackendOption: SpeechBackend?

    init(
        voice: String? = nil, rate: Int? = nil, pitch: Int? = nil, volume: Int? = nil, punctuation: String? = nil,
        capitals: String? = nil, wav: String? = nil, silent: Bool = false, soundPack: String? = nil,
        speechBackendOption: SpeechBackend? = nil
    ) {
        (self.voice, self.rate, self.pitch, self.volume) = (voice, rate, pitch, volume)
        (self.punctuation, self.capitals, self.wav, self.silent) = (punctuation, capitals, wav, silent)
        (self.soundPack, self.speechBackendOption) = (soundPack, speechBackendOption)
    }

    init(_ values: ArgumentValues) throws {
        self.init(
            voice: values.string("voice"), rate: try values.int("rate"), pitch: try values.int("pitch"),
            volume: try values.int("volume"), punctuation: values.string("punctuation"), capitals: values.string("capitals"),
            wav: values.string("wav"), silent: values.flag("silent"), soundPack: values.string("sound-pack"),
            speechBackendOption: try values.value("speech-backend"))
        try Self.checkOutput(wav: wav, silent: silent)
    }

    /// The configuration behind every value not given (read once per command).
    var config: LoowiConfig { Self.configuration }

    /// config.toml as it is; a file that cannot be read is said once on stderr and the
    /// built-in values are used, so `say` still speaks.
    static let configuration: LoowiConfig = {
        do {
            return try CommandSupport.loadConfig()
        } catch {
            Console.warn("\(error) Using the built-in speech settings.")
            return LoowiConfig()
        }
    }()

    var speechBackend: SpeechBackend { speechBackendOption ?? config.speechBackend }

    /// The words per minute that will be used (the practice paces its timed controls by it).
    var wordsPerMinute: Int { rate ?? config.rate }

    /// The voice: --voice, else the language's own voice when the command speaks another
    /// language than config.toml's (`practice --language es`), else config.toml's.
    func settings(language: Language? = nil) throws -> SpeechSettings {
        let config = config
        let chosenVoice = voice ?? {
            if let language, language != config.language { return language.voice }
            return config.voice ?? config.language.voice
        }()
        return SpeechSettings(
            voice: chosenVoice, rate: rate ?? config.rate,
            pitch: pitch ?? config.pitch, volume: volume ?? config.volume,
            punctuation: try punctuation.map { try SpeechSettings.parse($0, as: PunctuationLevel.self, option: "punctuation level") }
                ?? config.punctuation,
            capitals: try capitals.map { try SpeechSettings.parse($0, as: CapitalIndication.self, option: "capital letter indication") }
                ?? config.capitals)
    }

    /// The WAV file or no sink; nil for the sound device, which `makePipeline` opens while
    /// eSpeak NG loads.
    func makeFileOrSilentSink() throws -> AudioSink? {
        if let wav { return try WAVFileSink(url: URL(fileURLWithPath: wav)) }
        if silent { return NullSink() }
        return nil
    }

    /// Builds the real pipeline; a bad voice or value is reported before any sound is made.
    /// `language` is the interface language the speech-dispatcher fallback is said in
    /// (default: config.toml's, else British English).
    func makePipeline(language: Language? = nil) async throws -> SpeechPipeline {
        let settings = try settings(language: language)
        let device = wav == nil && !silent ? DeviceSink.openInBackground() : nil
        // Check the voice and values before a file is opened.
        if speechBackend == .espeak {
            try await VoiceMemoFile(folder: AppPaths().cache).validate(settings, on: .shared)
        } else {
            try settings.validate()
        }
        let earcons = EarconLibrary(pack: soundPack)
        for problem in earcons.problems { Console.warn(problem) }
        let sink: AudioSink
        if let device { sink = await device.value } else { sink = try makeFileOrSilentSink() ?? NullSink() }
        return try await SpeechStart.pipeline(
            backend: speechBackend, language: language ?? Self.configuredLanguage, sink: sink, settings: settings, earcons: earcons)
    }

    /// config.toml's interface language; British English when there is none or it cannot be read.
    static var configuredLanguage: Language { configuration.language }
}

/// The interface languages by their config.toml codes, and `en` for British English.
extension Language: ArgumentValue {
    init?(argument: String) {
        let code = argument.lowercased()
        guard let language = code == "en" ? .britishEnglish : Language(rawValue: code) else { return nil }
        self = language
    }

    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
