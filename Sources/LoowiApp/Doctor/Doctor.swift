import FoundationEssentials
import LoowiSupport
import SpeechAudio
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// One line of `loowi doctor`: what a check found, in the user's language. A problem also says
/// how to fix it, and makes the command exit 1.
public struct DoctorLine: Sendable, Equatable {
    public enum Status: Sendable, Equatable { case fine, problem }

    public let status: Status
    public let text: String

    public init(_ status: Status, _ text: String) {
        self.status = status
        // Paths, server names and error messages are quoted in the lines: cleaned once, here.
        self.text = Sanitizer.clean(text, for: .line)
    }
}

/// `loowi doctor`'s checks, in the order a person would fix things: speech and sound first
/// (without them nothing else is heard), then the settings and files, then each account and
/// its server. Everything it looks at comes through `World`, so tests give it fakes.
public struct Doctor: Sendable {
    /// What the checks look at: the real machine for the command, fakes in tests.
    public struct World: Sendable {
        public var paths: AppPaths
        public var environment: [String: String]
        /// Loads eSpeak NG and the voice a setting names; the voice, or why not.
        public var speechVoice: @Sendable (String) async -> Result<String, SpeechError>
        /// The sound device, opened on purpose and closed (see `SoundDeviceProbe`).
        public var soundDevice: @Sendable () async -> SoundDeviceState
        /// nil when speech-dispatcher answers; else why not.
        public var dispatcher: @Sendable () async -> String?
        /// nil when readline opens; else why not.
        public var readline: @Sendable () async -> String?
        /// An engine for one account, with the settings' transport (ca_file) and no waiting
        /// for the rate limit (a doctor reports it rather than waits).
        public var engine: @Sendable (LoowiConfig) throws -> TweetEngine
        /// How long a check that needs the network may take (on the engine's clock).
        public var timeLimit: Duration = .seconds(10)
        public var timeZone: TimeZone = .current
        /// loowi's data folder (word lists, the demo); nil when none was found.
        public var data: DataDirectory? = DataDirectory.current
        /// Who runs loowi: files owned by another uid are a problem.
        public var userID: uid_t = getuid()
        /// Reads a Hunspell dictionary as F6 does (an empty text checked).
        var spelling: @Sendable (SpellingDictionaryName) async -> SpellChecker.Outcome = { SpellChecker().check("", with: $0) }

        public init(
            paths: AppPaths, environment: [String: String], speechVoice: @escaping @Sendable (String) async -> Result<String, SpeechError>,
            soundDevice: @escaping @Sendable () async -> SoundDeviceState, dispatcher: @escaping @Sendable () async -> String?,
            readline: @escaping @Sendable () async -> String?, engine: @escaping @Sendable (LoowiConfig) throws -> TweetEngine
        ) {
            self.paths = paths
            self.environment = environment
            self.speechVoice = speechVoice
            self.soundDevice = soundDevice
            self.dispatcher = dispatcher
            self.readline = readline
            self.engine = engine
        }
    }

    public let language: Language
    public let world: World

    public init(language: Language, world: World) {
        self.language = language
        self.world = world
    }

    var strings: DoctorStrings { DoctorStrings(language) }

    /// Runs every check, handing each line to `report` as soon as it is known; the summary
    /// comes last. The number of problems.
    @discardableResult
    public func run(_ report: @Sendable (DoctorLine) async -> Void) async -> Int {
        var problems = 0
        func say(_ line: DoctorLine) async {
            if line.status == .problem { problems += 1 }
            await report(line)
        }
        var (config, configLine) = settings()
        if config.language != language {
            // Another language for this run is checked with that language's own voice, as
            // `loowi run --language` speaks it.
            config.language = language
            config.voice = nil
        }
        await say(await speech(config))
        await say(sound(await world.soundDevice()))
        if config.speechBackend == .speechDispatcher { await say(dispatcher(await world.dispatcher())) }
        await say(readline(await world.readline()))
        await say(await spelling(config))
        await say(data(world.data))
        await say(configLine)
        for line in permissions() { await say(line) }
        await say(certificates(config))
        for line in await accounts(config) { await say(line) }
        let s = strings
        let summary =
            switch problems {
            case 0: s(.allWell)
            case 1: s(.oneNeedsYou)
            default: s(.someNeedYou, String(problems))
            }
        await report(DoctorLine(.fine, summary))
        return problems
    }

    /// `subject: found.` or `subject, problem: found. To fix: fix`.
    func line(_ subject: String, _ found: String, fix: String? = nil) -> DoctorLine {
        guard let fix else { return DoctorLine(.fine, strings(.line, subject, found)) }
        return DoctorLine(.problem, strings(.problemLine, subject, found, fix))
    }

    /// The language a doctor speaks when none is given: config.toml's, even when another line
    /// of the file is wrong (its `language` line alone is read), else British English.
    public static func language(paths: AppPaths) -> Language {
        let file = ConfigFile(paths: paths)
        if let config = try? file.load() { return config.language }
        return file.languageLine ?? .britishEnglish
    }
}
