import AccessibleControls
import FoundationEssentials
import LoowiSupport
import LoowiApp
import SpeechAudio

/// The speech and output flags every speaking command shares. Each speech option is its
/// setting's own (`ConfigKey.commandLineOption`): its help, and the rule that checks its value,
/// come from the setting's one declaration. A value not given here comes from config.toml,
/// so `say`, `practice` and `--speak` sound like the app.
struct SpeechOptions: ArgumentGroup {
    /// The settings these options override, in the order help lists them.
    static let settings: [ConfigKey] = [.voice, .rate, .pitch, .volume, .punctuation, .capitals, .soundPack]
    static let parameters: [Parameter] = settings.map(Parameter.init(setting:)) + outputParameters

    /// Where the sound goes and who speaks: the same three for the speaking commands and for
    /// the app (`LaunchOptions`), with one wording.
    static let outputParameters: [Parameter] = [
        .option("wav", value: "file", help: "Write the sound into this WAV file instead of playing it.", values: .file),
        .flag("silent", help: "Make no sound at all (no device, no file)."),
        Parameter(setting: .speechBackend),
    ]

    /// A file and no sound at all cannot both be had; neither wins quietly.
    static func checkOutput(wav: String?, silent: Bool) throws {
        if wav != nil, silent { throw UsageError("Choose one of --wav and --silent.") }
    }

    /// The settings given as options, each already checked by its rule, in place of
    /// config.toml's.
    private var given: SettingOverrides
    /// What the options are given over: config.toml, read when first needed.
    private var base: LoowiConfig?
    var wav: String?
    var silent = false

    /// The options of a command that runs with `config` (the app's first-run message).
    init(config: LoowiConfig, wav: String? = nil, silent: Bool = false) {
        given = SettingOverrides()
        base = config
        (self.wav, self.silent) = (wav, silent)
    }

    init(_ values: ArgumentValues) throws {
        given = try SettingOverrides(Self.settings + [.speechBackend], in: values)
        wav = values.string("wav")
        silent = values.flag("silent")
        try Self.checkOutput(wav: wav, silent: silent)
    }

    /// config.toml's settings (read once per command) with the options given over them.
    var config: LoowiConfig { given.applied(to: base ?? Self.configuration) }

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

    var speechBackend: SpeechBackend { config.speechBackend }

    /// The settings for a command in `language`: another language than config.toml's
    /// (`practice --language es`) speaks with that language's own voice unless --voice chose one.
    func config(language: Language?) -> LoowiConfig {
        var config = config
        if let language, language != config.language {
            config.language = language
            if !given.contains(.voice) { config.voice = nil }
        }
        return config
    }

    func settings(language: Language? = nil) -> SpeechSettings {
        config(language: language).speechSettings
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
        let settings = settings(language: language)
        // A command that makes no sound opens no sound library, eSpeak NG's included.
        if silent { return try SpeechPipeline(silentWith: settings) }
        let device = wav == nil ? DeviceOpening.device() : nil
        // Check the voice and values before a file is opened.
        if speechBackend == .espeak {
            try await VoiceMemoFile(folder: AppPaths().cache).validate(settings, on: .shared)
        } else {
            try settings.validate()
        }
        let earcons = EarconLibrary(pack: config.soundPack)
        for problem in earcons.problems { Console.warn(problem.description) }
        let sink: AudioSink
        if let device {
            let (opened, notice) = await SoundDeviceStart.sink(from: device, language: language ?? Self.configuredLanguage)
            SoundDeviceStart.report(notice)
            sink = opened
        } else {
            sink = try makeFileOrSilentSink() ?? NullSink()
        }
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
