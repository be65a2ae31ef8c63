import FoundationEssentials
import LoowiSupport
import LoowiApp
import SpeechAudio
import TweetEngine

extension Loowi {
    /// `loowi login [INSTANCE]`: the out-of-band OAuth flow, as toot and tut do it.
    struct Login: Command {
        static let info = CommandInfo(
            name: "login",
            abstract: "Log in to a Mastodon server and save the account.",
            discussion: """
                loowi prints and says a web address. Open it in a browser, log in and approve loowi; \
                the server then shows a code. Paste the code at the prompt. Without a terminal the \
                server and the code are read from standard input, one per line. The token is saved \
                in $XDG_CONFIG_HOME/loowi/accounts.json, readable only by you, and never printed.
                """,
            parameters: [.argument("instance", help: "Your server, such as mastodon.social (asked for when left out).", optional: true)]
                + SpeechOptions.parameters)

        var instance: String?
        var speech: SpeechOptions

        init(_ values: ArgumentValues) throws {
            instance = values.string("instance")
            speech = try SpeechOptions(values)
        }

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let pipeline = try await speech.makePipeline()
                do {
                    try await login(pipeline: pipeline)
                    await pipeline.finish()
                } catch {
                    await pipeline.stop()
                    await pipeline.finish()
                    throw error
                }
            }
        }

        private func login(pipeline: SpeechPipeline) async throws {
            var server = instance?.trimmed() ?? ""
            if server.isEmpty {
                await pipeline.speak("Which server is your account on? For example, mastodon.social.", priority: .interrupt)
                guard let answer = await CommandSupport.readLine(prompt: "Your server (for example mastodon.social): ")
                else { throw CommandError("No server was given. Type it after the command, for example: loowi login mastodon.social") }
                server = answer.trimmed()
                guard !server.isEmpty else { throw CommandError("No server was given. Type it after the command, for example: loowi login mastodon.social") }
            }
            let resolver = AccountResolver()
            let config = try CommandSupport.loadConfig()
            let engine = TweetEngine(
                transport: try config.transport(), tokenStore: resolver.tokenStore, options: CommandSupport.engineOptions(config.engineOptions))
            let pending = try await engine.beginLogin(server: server)

            let address = pending.authorizationURL.absoluteString
            print("Open this address in a web browser, log in and approve loowi:")
            print("")
            print("  \(address)")
            print("")
            await pipeline.speak(
                "Open the address printed on the screen in a web browser, log in, and approve loowi. Then paste the code the server shows. The address is: \(address)",
                priority: .interrupt)

            guard let pasted = await CommandSupport.readLine(prompt: "Then paste the code the server shows: ") else {
                if !CommandSupport.inputIsTerminal { print("") }
                throw CommandError("No code was given, so you are not logged in. Run loowi login again and paste the code the server shows.")
            }
            if !CommandSupport.inputIsTerminal { print("") }
            let code = pasted.trimmed()
            guard !code.isEmpty else {
                throw CommandError("The code was empty, so you are not logged in. Run loowi login again and paste the code the server shows.")
            }
            _ = try await engine.completeLogin(pending, code: code)
            let handle = engine.credentials?.handle ?? server
            let done = "Logged in as \(handle)."
            CommandSupport.printLine(done)
            await pipeline.speak(done, priority: .interrupt)
        }
    }
}
