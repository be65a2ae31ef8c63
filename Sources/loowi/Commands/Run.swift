import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi` / `loowi run`: the interactive program on the chosen account.
    struct Run: Command {
        static let info = CommandInfo(
            name: "run",
            abstract: "Open loowi on your account: your home timeline, spoken and driven by keys (the default command).",
            discussion: "Uses the most recent login (loowi accounts lists them), or --account. Never logged in? Run loowi login mastodon.social, or hear the demo with loowi demo.",
            parameters: LaunchOptions.parameters + AccountOptions.parameters,
            // The app opens libcurl itself, behind its first words.
            opensNetworkAtOnce: false)

        var launch: LaunchOptions
        var accountOptions: AccountOptions

        init(_ values: ArgumentValues) throws {
            launch = try LaunchOptions(values)
            accountOptions = AccountOptions(values)
        }

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let paths = AppPaths()
                let config = launch.applied(to: try await Self.loadConfig(paths: paths, launch: launch))
                let session: AccountSession
                do {
                    session = try await accountOptions.session(identified: true, reportsWaits: false)
                } catch AccountError.noAccount {
                    try await Self.sayFirstRunMessage(launch: launch, config: config)
                    throw ExitStatus.failure
                }
                var app = AppLaunch(
                    engine: session.engine, credentials: session.credentials, config: config, paths: paths,
                    wavPath: launch.wav, silent: launch.silent)
                app.outboxOwner = Outbox.owner(of: session.account)
                app.accounts = try Self.accountChoices(config: config)
                try await InteractiveApp.run(app)
            }
        }

        /// The saved logins F11 switches between: each opened on its own engine, its token
        /// checked with the server before the app leaves the current account.
        static func accountChoices(config: LoowiConfig) throws -> AccountChoices {
            let resolver = AccountResolver()
            let transport = try config.transport()
            let options = CommandSupport.engineOptions(config.engineOptions, noWait: false, reportsWaits: false)
            return AccountChoices(
                saved: { (try? resolver.savedAccounts()) ?? [] },
                open: { credentials in
                    let session = AccountSession(
                        account: ResolvedAccount(credentials: credentials, source: .saved), resolver: resolver, transport: transport,
                        options: options)
                    _ = try await session.engine.verifyCredentials()
                    return (session.engine, session.credentials)
                })
        }

        /// config.toml, or its problem said before loowi stops: printed in English as
        /// `loowi config` prints it, and spoken in the language the file names (a refused value
        /// in the user's words, from its setting's declaration).
        static func loadConfig(paths: AppPaths, launch: LaunchOptions) async throws -> LoowiConfig {
            do {
                return try CommandSupport.loadConfig(paths: paths)
            } catch let error as ConfigError {
                guard !launch.silent else { throw error }
                var spoken = LoowiConfig()
                spoken.language = launch.language ?? ConfigFile(paths: paths).statedLanguage ?? spoken.language
                if let pipeline = try? await launch.speech(for: launch.applied(to: spoken)).makePipeline(language: spoken.language) {
                    await pipeline.speak(error.spoken(in: spoken.language), priority: .important)
                    await pipeline.finish()
                }
                throw error
            }
        }

        /// The first run: printed (on stderr, since nothing was done) and spoken.
        static func sayFirstRunMessage(launch: LaunchOptions, config: LoowiConfig) async throws {
            let message = AccountError.firstRunMessage
            StandardStreams.writeError(message + "\n")
            let pipeline = try await launch.speech(for: config).makePipeline(language: config.language)
            await pipeline.speak(message, priority: .interrupt)
            await pipeline.finish()
        }
    }
}
