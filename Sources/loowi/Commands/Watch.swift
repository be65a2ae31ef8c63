import ArgumentParser
import Foundation
import LoowiApp
import SpeechAudio
import TweetEngine

extension Loowi {
    /// `loowi watch [--print|--speak] [--types mention,post,...]`: a listening mode for shell
    /// sessions and braille displays. What arrives is one line each, as it arrives, until Ctrl-C.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print or speak new notifications and home posts as they arrive, until Ctrl-C.",
            discussion:
                "One line per item, in the configured language. Losing and regaining the connection is said once each way; a server without streaming is asked every poll_seconds. Ctrl-C stops and exits 0."
        )

        /// The one kind that is not a notification: a new post in the home timeline.
        static let postKind = "post"

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Only these kinds, comma-separated: \(postKind), \(NotificationType.allCases.map(\.rawValue).joined(separator: ", ")). All by default.",
                valueName: "types"))
        var types: String?

        @OptionGroup var accountOptions: AccountOptions
        @OptionGroup var output: ListOutput

        func validate() throws { _ = try Self.filter(types) }

        /// What to let through: nil types means all; `post` is home posts.
        static func filter(_ text: String?) throws -> WatchFilter {
            guard let text else { return WatchFilter(posts: true, types: nil) }
            var names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let posts = names.contains(postKind)
            names.removeAll { $0 == postKind }
            let types = names.isEmpty ? [] : try Notifications.parse(names.joined(separator: ","))
            return WatchFilter(posts: posts, types: Set(types))
        }

        func run() async throws {
            let filter = try Self.filter(types)
            try await CommandSupport.reportingFailures {
                let config = try CommandSupport.loadConfig()
                let pipeline = output.speak ? try await output.speech.makePipeline() : nil
                let session = try await accountOptions.session()
                // Ctrl-C is how this ends: at once and successfully, whatever is being said.
                signal(SIGINT) { _ in _exit(0) }
                let writer = WatchWriter(print: output.print || !output.speak, pipeline: pipeline)
                let strings = AppStrings(config.language)
                let options = SpeakableTextOptions(language: config.language)
                let updates = session.engine.liveUpdates(since: LiveCursor(), pollEvery: .seconds(config.pollSeconds))
                for await event in updates {
                    let now = session.engine.clock.now()
                    switch event {
                    case .update(let status):
                        if filter.posts { await writer.line(Self.sentence(status, options, now)) }
                    case .notification(let notification):
                        if filter.allows(notification) { await writer.line(Self.sentence(notification, options, now)) }
                    case .stopped:
                        await writer.line(strings(.liveStopped))
                    case .restored(let missed):
                        await writer.line(LiveWords.back(missed, strings))
                        for status in missed.statuses.reversed() where filter.posts {
                            await writer.line(Self.sentence(status, options, now))
                        }
                        for notification in missed.notifications.reversed() where filter.allows(notification) {
                            await writer.line(Self.sentence(notification, options, now))
                        }
                    case .started:
                        // Said once the stream is open, so what comes after it is heard.
                        await writer.line(strings(.watchListening))
                    case .polling(let every):
                        await writer.line(strings(.watchListening))
                        await writer.line(LiveWords.polling(every, strings))
                    case .ended(let error):
                        await writer.finish()
                        throw error
                    case .statusUpdate, .delete, .conversation, .filtersChanged:
                        // Edits and deletes change what a buffer shows; a listener hears what arrives.
                        // A direct message arrives as its mention notification.
                        break
                    }
                }
                await writer.finish()
            }
        }

        static func sentence(_ status: Status, _ options: SpeakableTextOptions, _ now: Date) -> String {
            StatusSpeech(status, options: options, now: now).sentence(language: options.language)
        }

        static func sentence(_ notification: MastodonNotification, _ options: SpeakableTextOptions, _ now: Date) -> String {
            NotificationSpeech(NotificationGroup(notification), options: options, now: now).sentence
        }
    }
}

/// The kinds `loowi watch` passes on.
struct WatchFilter: Equatable {
    var posts: Bool
    /// nil: every kind of notification; empty: none.
    var types: Set<NotificationType>?

    func allows(_ notification: MastodonNotification) -> Bool {
        guard let types else { return true }
        return notification.type.known.map(types.contains) ?? false
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
        await pipeline?.speak(Sanitizer.clean(text, mode: .singleLine), priority: .announcement)
    }

    func finish() async { await pipeline?.finish() }
}
