import FoundationEssentials
import LoowiSupport
import LoowiApp
import SpeechAudio
import TweetEngine

/// `--account`, shared by every command that talks to a server.
struct AccountOptions: ArgumentGroup {
    static let parameters: [Parameter] = [
        .option(
            "account", value: "handle",
            help: "The saved account to use, such as @ada@mastodon.social. Default: LOOWI_INSTANCE and LOOWI_TOKEN when both are set, else the most recent login."),
        .flag(
            "no-wait",
            help: "When the server asks loowi to slow down, stop at once with exit status 75 and the time it allows requests again, instead of waiting (up to 5 minutes)."),
    ]

    var account: String?
    var noWait = false

    init(_ values: ArgumentValues) {
        account = values.string("account")
        noWait = values.flag("no-wait")
    }

    /// The account, its engine, and (when `identified`) its id and handle checked with the
    /// server. The engine follows the configuration (dm_followers_only, ca_file).
    /// `reportsWaits` false for the interactive app, which says its waits itself (stderr
    /// would cut into its screen).
    /// `onWait`: who says the waits instead (`loowi watch`, in its own lines).
    func session(
        identified: Bool = false, reportsWaits: Bool = true, onWait: (@Sendable (EngineEvent) -> Void)? = nil
    ) async throws -> AccountSession {
        let config = try CommandSupport.loadConfig()
        let resolver = AccountResolver()
        var options = CommandSupport.engineOptions(config.engineOptions, noWait: noWait, reportsWaits: reportsWaits && onWait == nil)
        if let onWait { options.onEvent = onWait }
        var session = AccountSession(
            account: try resolver.resolve(handle: account), resolver: resolver, transport: try config.transport(), options: options)
        if identified { try await session.identify() }
        return session
    }
}

/// `--line`, `--wav FILE`, `--silent`: how the interactive app (`loowi run`, `loowi demo`)
/// shows and sounds.
struct LaunchOptions: ArgumentGroup {
    static let parameters: [Parameter] = [
        .flag("line", help: "Line mode: print each utterance as one plain line, for braille displays and console screen readers."),
    ] + SpeechOptions.outputParameters + [
        .option(
            "language", help: "Interface language for this run: en-gb, en-us, es or ca (default: config.toml's).",
            values: .choice(Language.allValueStrings)),
    ]

    var line: Bool
    var wav: String?
    var silent: Bool
    /// --speech-backend, checked by its setting's rule.
    var settings: SettingOverrides
    var language: Language?

    init(_ values: ArgumentValues) throws {
        line = values.flag("line")
        wav = values.string("wav")
        silent = values.flag("silent")
        settings = try SettingOverrides([.speechBackend], in: values)
        language = try values.value("language")
        try SpeechOptions.checkOutput(wav: wav, silent: silent)
    }

    /// The configuration with these flags applied.
    func applied(to config: LoowiConfig) -> LoowiConfig {
        var config = settings.applied(to: config)
        if line { config.display = .line }
        if silent { config.soundsEnabled = false }
        if let language, language != config.language {
            // Another language for this run speaks with that language's own voice.
            config.language = language
            config.voice = nil
        }
        return config
    }

    /// Speech settings from the configuration, with these flags' output.
    func speech(for config: LoowiConfig) -> SpeechOptions {
        SpeechOptions(config: config, wav: wav, silent: silent)
    }
}
