import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi demo`: the whole program on a made-up community, with no account and no network.
    struct Demo: Command {
        static let info = CommandInfo(
            name: "demo",
            abstract: "Hear loowi work with no account and no network: a made-up community on a server that runs only on this computer.",
            discussion: """
                Starts mastodon-mock on 127.0.0.1 with the made-up people and posts that come with loowi, \
                logs in as the demo user, and opens loowi. mastodon-mock is found in LOOWI_MOCK, then in the \
                source folder's .venv (scripts/setup puts it there), then on PATH (pipx install \
                mastodon-mock==\(DemoFiles.mockVersion)). During the first \
                minute the community mentions you, replies, sends a direct message, follows and boosts \
                (LOOWI_DEMO_PACE=0.1 makes it ten times faster, =off leaves it out). The server stops when loowi ends, \
                however it ends. Your own accounts are not touched.
                """,
            parameters: LaunchOptions.parameters + [.option("port", help: "Run the demo server on this port (default: a free one).")])

        var launch: LaunchOptions
        var port: Int?

        init(_ values: ArgumentValues) throws {
            launch = try LaunchOptions(values)
            port = try values.int("port")
        }

        func validate() throws {
            if let port, !(1024...65535).contains(port) { throw UsageError("--port must be between 1024 and 65535.") }
        }

        func run() async throws {
            try await CommandSupport.reportingFailures {
                try await Self.runDemo(launch: launch, port: port)
            }
        }

        static func runDemo(launch: LaunchOptions, port: Int?) async throws {
            let paths = AppPaths()
            var config = launch.applied(to: try await Run.loadConfig(paths: paths, launch: launch))
            let files: DemoFiles
            do {
                files = try DemoFiles.locate()
            } catch let error as DemoError {
                throw CommandError(await say(error.sentence(in: config.language), launch: launch, config: config))
            }
            let words = AppStrings(config.language)
            let starting = words(.demoStarting)
            print(starting)
            // Said on the sound device while the server starts (a few seconds), so the wait
            // is never silent; a WAV file is left to the app, which writes it from the start.
            let pipeline =
                launch.silent || launch.wav != nil ? nil : try await launch.speech(for: config).makePipeline(language: config.language)
            // speech-dispatcher that did not answer has been said once; the app does not ask again.
            if let pipeline, pipeline.backend != config.speechBackend { config.speechBackend = pipeline.backend }
            await pipeline?.speak(starting, priority: .interrupt)
            let demo: DemoSession
            do {
                demo = try await DemoSession.start(files: files, port: port, options: config.engineOptions)
                await pipeline?.finish()
            } catch {
                await pipeline?.finish()
                throw error
            }
            do {
                let credentials = demo.session.credentials
                CommandSupport.printLine(words(.demoServerAt, demo.server.baseURL.absoluteString, credentials.handle))
                var app = AppLaunch(
                    engine: demo.session.engine, credentials: credentials, config: config, paths: paths,
                    wavPath: launch.wav, silent: launch.silent)
                // The community reacts to the newcomer while the app runs; stopped with it.
                if let pace = DemoFirstMinute.pace(environment: ProcessEnvironment.current) {
                    app.background = { language in await demo.runFirstMinute(pace: pace).sentence(in: language) }
                }
                try await InteractiveApp.run(app)
                demo.stop()
            } catch {
                demo.stop()
                throw error
            }
        }

        /// Says why the demo cannot start, on the sound device or into `--wav`'s file (the same
        /// words are printed on stderr as the command fails). Returns the sentence.
        private static func say(_ sentence: String, launch: LaunchOptions, config: LoowiConfig) async -> String {
            guard !launch.silent,
                let pipeline = try? await launch.speech(for: config).makePipeline(language: config.language)
            else { return sentence }
            await pipeline.speak(sentence, priority: .interrupt)
            await pipeline.finish()
            return sentence
        }
    }
}
