import ArgumentParser
import FoundationEssentials
import LoowiSupport
import LoowiApp
import SpeechAudio
import TweetEngine

/// `--account`, shared by every command that talks to a server.
struct AccountOptions: ParsableArguments {
    @Option(
        name: .customLong("account"),
        help: ArgumentHelp(
            "The saved account to use, such as @ada@mastodon.social. Default: LOOWI_INSTANCE and LOOWI_TOKEN when both are set, else the most recent login.",
            valueName: "handle"))
    var account: String?

    @Flag(
        name: .customLong("no-wait"),
        help: "When the server asks loowi to slow down, stop at once with exit status 75 and the time it allows requests again, instead of waiting (up to 5 minutes).")
    var noWait = false

    /// The account, its engine, and (when `identified`) its id and handle checked with the
    /// server. The engine follows the configuration (dm_followers_only, ca_file).
    /// `reportsWaits` false for the interactive app, which says its waits itself (stderr
    /// would cut into its screen).
    func session(identified: Bool = false, reportsWaits: Bool = true) async throws -> AccountSession {
        let config = try CommandSupport.loadConfig()
        let resolver = AccountResolver()
        var session = AccountSession(
            account: try resolver.resolve(handle: account), resolver: resolver, transport: try config.transport(),
            options: CommandSupport.engineOptions(config.engineOptions, noWait: noWait, reportsWaits: reportsWaits))
        if identified { try await session.identify() }
        return session
    }
}

/// `--line`, `--wav FILE`, `--silent`: how the interactive app (`loowi run`, `loowi demo`)
/// shows and sounds.
struct LaunchOptions: ParsableArguments {
    @Flag(name: .long, help: "Line mode: print each utterance as one plain line, for braille displays and console screen readers.")
    var line = false

    @Option(name: .long, help: ArgumentHelp("Write the sound into this WAV file instead of playing it.", valueName: "file"))
    var wav: String?

    @Flag(name: .long, help: "Make no sound at all (no device, no file).")
    var silent = false

    @Option(
        name: .customLong("speech-backend"),
        help: ArgumentHelp(
            "Who speaks: espeak or speech-dispatcher (default: speech_backend in config.toml).", valueName: "espeak|speech-dispatcher"))
    var speechBackend: SpeechBackend?

    @Option(name: .long, help: ArgumentHelp("Interface language for this run: en-gb, en-us, es or ca (default: config.toml's).", valueName: "language"))
    var language: Language?

    func validate() throws {
        if wav != nil, silent { throw ValidationError("Choose one of --wav and --silent.") }
    }

    /// The configuration with these flags applied.
    func applied(to config: LoowiConfig) -> LoowiConfig {
        var config = config
        if line { config.display = .line }
        if silent { config.soundsEnabled = false }
        if let speechBackend { config.speechBackend = speechBackend }
        if let language, language != config.language {
            // Another language for this run speaks with that language's own voice.
            config.language = language
            config.voice = nil
        }
        return config
    }

    /// Speech settings from the configuration, with these flags' output.
    func speech(for config: LoowiConfig) throws -> SpeechOptions {
        var arguments = [
            "--voice", config.voice ?? config.language.voice, "--rate", "\(config.rate)", "--pitch", "\(config.pitch)",
            "--volume", "\(config.volume)", "--punctuation", config.punctuation.rawValue, "--capitals",
            config.capitals.rawValue, "--speech-backend", config.speechBackend.rawValue,
        ]
        if let wav { arguments += ["--wav", wav] }
        if silent { arguments.append("--silent") }
        if let pack = config.soundPack { arguments += ["--sound-pack", pack] }
        return try SpeechOptions.parse(arguments)
    }
}
