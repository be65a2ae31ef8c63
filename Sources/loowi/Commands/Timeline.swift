import ArgumentParser
import Foundation
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi timeline [home|@handle]`: posts printed one per line, or spoken.
    struct Timeline: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print or speak a timeline: your home timeline or one person's posts.",
            discussion: "Each post is one line: who wrote it (and who boosted it), its content warning, its text and how long ago. Links are read as \"link to\" their site.")

        @Argument(help: ArgumentHelp("home, or a person's handle such as @ada@mastodon.social.", valueName: "timeline"))
        var timeline = "home"

        @Option(name: .long, help: "How many posts, 1 to 400.")
        var count = 20

        @Flag(name: .long, help: "Speak the posts (with the voice options below).")
        var speak = false

        @Flag(name: .long, help: "Print the posts, one per line (the default; with --speak, both).")
        var print = false

        @Flag(name: .long, help: "Start each line with the post's id (for post --reply-to).")
        var ids = false

        @OptionGroup var accountOptions: AccountOptions

        @OptionGroup var speech: SpeechOptions

        func validate() throws {
            guard (1...400).contains(count) else { throw ValidationError("--count must be between 1 and 400.") }
            guard !timeline.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("Name a timeline: home, or a handle such as @ada@mastodon.social.")
            }
        }

        func run() async throws {
            try await CommandSupport.reportingFailures {
                // Open the voice first, so a bad voice option is reported before any request.
                let pipeline = speak ? try await speech.makePipeline() : nil
                let session = try await accountOptions.session()
                let engine = session.engine
                let page: Page<Status>
                if timeline.lowercased() == "home" {
                    page = try await engine.homeTimeline(upTo: count)
                } else {
                    let person = try await CommandSupport.person(timeline, on: engine)
                    page = try await engine.accountTimeline(accountID: person.id, upTo: count)
                }
                let now = engine.clock.now()
                let posts = page.items.prefix(count)
                if posts.isEmpty { Swift.print("No posts.") }
                let sentences = posts.map { status in
                    (status.id, StatusSpeech(status, options: SpeakableTextOptions(language: .english), now: now)
                        .sentence(language: .english))
                }
                if print || !speak {
                    for (id, sentence) in sentences { CommandSupport.printLine(ids ? "\(id) \(sentence)" : sentence) }
                }
                if let pipeline {
                    for (_, sentence) in sentences { await pipeline.speak(sentence, priority: .announcement) }
                    await pipeline.finish()
                }
            }
        }
    }
}
