import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// What the account commands share: the configuration, plain failures, safe printing and
/// reading a line without blocking the cooperative thread pool.
enum CommandSupport {
    /// The user's configuration.
    ///
    /// PLUG-IN POINT for config file loading: replace the body with the config file reader
    /// (`$XDG_CONFIG_HOME/loowi/config.toml`, `paths.configFile`). Every command that needs
    /// the configuration (run, demo) comes through here.
    static func loadConfig(paths: AppPaths = AppPaths()) throws -> LoowiConfig {
        try ConfigFile(paths: paths).load()
    }

    /// Runs a command's work; any failure becomes one plain line on stderr and exit status
    /// 1 (usage errors are said with the command's usage, status 64).
    static func reportingFailures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as UsageError {
            throw error
        } catch let error as ExitStatus {
            throw error
        } catch let error as EngineError {
            Console.warn(message(for: error))
            // EX_TEMPFAIL: a script can tell "try later" from a real failure.
            if case .rateLimited = error { throw ExitStatus(temporaryFailure) }
            throw ExitStatus.failure
        } catch let failure as OutboxFailure {
            // A post held back by the rate limit waits in the outbox: still "try later".
            Console.warn(message(for: failure))
            if case .engine(.rateLimited) = failure.reason { throw ExitStatus(temporaryFailure) }
            throw ExitStatus.failure
        } catch {
            Console.warn(message(for: error))
            throw ExitStatus.failure
        }
    }

    /// `EX_TEMPFAIL` from sysexits.h: the server's rate limit, to be tried again later.
    static let temporaryFailure: Int32 = 75

    /// The engine's options for a command: a rate-limit wait is said on stderr the moment it
    /// starts (what for, until when); `--no-wait` turns every wait into exit status 75.
    static func engineOptions(_ base: TweetEngine.Options, noWait: Bool = false, reportsWaits: Bool = true) -> TweetEngine.Options {
        var options = base
        if noWait { options.maximumRateLimitWait = .zero }
        // Asked of the server at most once a day per server, not on every start and post.
        options.instanceStore = InstanceFileStore(folder: AppPaths().cache)
        if reportsWaits {
            options.onEvent = { event in
                // A file being processed is said by `loowi post` itself, with its progress.
                guard case .waitingForRateLimit = event else { return }
                Console.warn(event.spoken(in: .english, now: Date()) + " Waiting; Ctrl-C stops. With --no-wait, loowi exits instead.")
            }
        }
        return options
    }

    /// The words for an error: the engine's spoken sentence, or a type's own description.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as EngineError: error.spoken(in: .english).text
        case let error as OutboxFailure: OutboxMessages.failure(error)
        case let error as CommandError: error.message
        case let error as CustomStringConvertible: error.description
        default: "loowi stopped because of an unexpected problem (\(error))."
        }
    }

    /// One post or name per line: control characters, escape sequences and line breaks
    /// never reach the terminal (the engine has cleaned the text already; this is the last
    /// guard, since a terminal obeys what it is sent).
    static func printLine(_ text: String) {
        let clean = Sanitizer.clean(text, for: .line)
        print(clean.collapsingWhitespace())
    }

    /// A line for the voice, as the app hands it over: cleaned as a control's text is, which
    /// keeps loowi's own language marks, so a Spanish post is read by the Spanish voice (and a
    /// person by their voice) while the interface's words stay in the interface's voice. The
    /// line cleaning of printed text drops them, and read everything in one voice.
    static func speakable(_ text: String) -> String {
        Sanitizer.clean(text, for: .control)
    }

    /// Reads one line from standard input on a thread of its own (a blocking read must not
    /// hold one of the two cooperative threads). nil at end of input.
    static func readLine(prompt: String) async -> String? {
        print(prompt, terminator: "")
        fflush(nil)
        return await withCheckedContinuation { continuation in
            // With no thread to be had the line is read here: the command waits for it anyway.
            do {
                try BlockingThread.start { continuation.resume(returning: Swift.readLine(strippingNewline: true)) }
            } catch {
                continuation.resume(returning: Swift.readLine(strippingNewline: true))
            }
        }
    }

    /// The account a handle names; "not found" says whose handle, not "it may have been deleted".
    static func person(_ handle: String, on engine: TweetEngine) async throws -> Account {
        do {
            return try await engine.account(handle: handle)
        } catch EngineError.http(status: 404, _) {
            let shown = Sanitizer.clean(handle.hasPrefix("@") ? handle : "@" + handle, for: .line)
            throw CommandError("There is no account \(shown) on \(engine.credentials.map { Sanitizer.clean($0.serverName, for: .line) } ?? "the server"). Check the spelling; for someone on another server add it, as in @ada@mastodon.social.")
        }
    }

    /// The account's outbox, the app's too (`Outbox.owner`).
    static func outbox(for session: AccountSession) -> Outbox {
        Outbox(paths: AppPaths(), account: Outbox.owner(of: session.account))
    }

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}

/// A plain failure message of a command.
struct CommandError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension Array where Element == String {
    /// Words given as separate arguments, joined back into a text.
    var joinedText: String { joined(separator: " ").trimmed() }
}
