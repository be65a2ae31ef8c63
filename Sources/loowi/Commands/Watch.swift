import Dispatch
import FoundationEssentials
import LoowiSupport
import LoowiApp
import SpeechAudio
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

extension Loowi {
    /// `loowi watch [--print|--speak] [--types mention,post,...]`: a listening mode for shell
    /// sessions and braille displays. What arrives is one line each, as it arrives, until Ctrl-C.
    struct Watch: Command {
        static let info = CommandInfo(
            name: "watch",
            abstract: "Print or speak new notifications and home posts as they arrive, until Ctrl-C.",
            discussion: """
                One line per item, in the configured language. Losing and regaining the connection is said once \
                each way; a server without streaming is asked every poll_seconds. Ctrl-C stops and exits 0.
                """,
            parameters: [
                .option(
                    "types", help: "Only these kinds, comma-separated: \(kinds). All by default.",
                    values: .commaSeparated([postKind] + NotificationType.allCases.map(\.rawValue)))
            ]
                + AccountOptions.parameters + ListOutput.parameters
        )

        /// The one kind that is not a notification: a new post in the home timeline.
        static let postKind = "post"
        static let kinds = ([postKind] + NotificationType.allCases.map(\.rawValue)).joined(separator: ", ")

        var filter: WatchFilter
        var accountOptions: AccountOptions
        var output: ListOutput

        init(_ values: ArgumentValues) throws {
            filter = try values.value("types", reading: Self.filter) ?? WatchFilter()
            accountOptions = AccountOptions(values)
            output = try ListOutput(values)
        }

        /// What to let through: nil types means all; `post` is home posts; the rest are
        /// checked as `loowi notifications --types` checks them.
        static func filter(_ text: String) throws(UsageError) -> WatchFilter {
            var names = text.split(separator: ",").map { $0.trimmingSpaces().lowercased() }
                .filter { !$0.isEmpty }
            let posts = names.contains(postKind)
            names.removeAll { $0 == postKind }
            guard posts || !names.isEmpty else {
                throw UsageError("--types needs at least one of: \(kinds).")
            }
            let types = names.isEmpty ? [] : try NotificationTypes.parse(names.joined(separator: ","))
            return WatchFilter(posts: posts, types: Set(types))
        }

        func run() async throws {
            // Ctrl-C is how this ends, successfully. Set first, so no moment exits 130.
            WatchInterrupt.exitAtOnce()
            let filter = self.filter
            try await CommandSupport.reportingFailures {
                let config = try CommandSupport.loadConfig()
                let pipeline = output.speak ? try await output.speech.makePipeline(language: config.language) : nil
                let interrupt = pipeline.map(WatchInterrupt.hushThenExit)
                defer { interrupt?.cancel() }
                let writer = WatchWriter(print: output.print || !output.speak, pipeline: pipeline)
                // A rate-limit wait is one of watch's own lines (printed and spoken, in the
                // configured language), said once however many requests it holds up.
                let (waits, waited) = AsyncStream<EngineEvent>.makeStream(bufferingPolicy: .bufferingNewest(16))
                let sayWaits = Task {
                    var said = WatchWaits(language: config.language)
                    for await event in waits {
                        if let line = said.line(for: event, now: Date()) { await writer.line(line) }
                    }
                }
                defer {
                    waited.finish()
                    sayWaits.cancel()
                }
                // Identified, so the user's own posts and the posts that mention them (said
                // by their notification) are not said twice.
                let session = try await accountOptions.session(identified: true, onWait: { waited.yield($0) })
                var lines = WatchLines(filter: filter, config: config, me: session.account.credentials.accountID)
                let updates = session.engine.liveUpdates(since: LiveCursor(), pollEvery: .seconds(config.pollSeconds))
                for await event in updates {
                    for line in lines.lines(for: event, now: session.engine.clock.now()) { await writer.line(line) }
                    if case .ended(let error) = event {
                        await writer.finish()
                        throw error
                    }
                }
                await writer.finish()
            }
        }
    }
}

/// Each line printed at once (a braille display or a pipe sees it as it arrives) and/or
/// spoken after the one before, never cutting it.
struct WatchWriter {
    let print: Bool
    let pipeline: SpeechPipeline?

    func line(_ text: String) async {
        if print {
            CommandSupport.printLine(text)
            fflush(nil)  // every output stream: stdout without naming the C global
        }
        await pipeline?.speak(CommandSupport.speakable(text), priority: .announcement)
    }

    func finish() async { await pipeline?.finish() }
}

/// Ctrl-C ends `loowi watch` with status 0 within a second. Every printed line was flushed
/// as it was printed, so nothing is lost by not unwinding.
enum WatchInterrupt {
    /// Without a voice: exit in the handler itself.
    static func exitAtOnce() {
        signal(SIGINT) { _ in _exit(0) }
    }

    /// With a voice: hush it and close its sink (the device let go, a WAV file given its
    /// header), then exit; whatever happens, gone within a second.
    static func hushThenExit(_ pipeline: SpeechPipeline) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(800)) { _exit(0) }
            Task {
                await pipeline.stop()
                await pipeline.finish()
                _exit(0)
            }
        }
        source.resume()
        return source
    }
}
