import ArgumentParser
import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi timeline [home|@handle]`: posts printed one per line, or spoken.
    struct Timeline: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timeline",
            abstract: "Print or speak a timeline: your home timeline or one person's posts.",
            discussion: "Each post is one line: who wrote it (and who boosted it), whom it answers, its content warning, its text and how long ago. Links are read as \"link to\" their site.")

        @Argument(help: ArgumentHelp("home, or a person's handle such as @ada@mastodon.social.", valueName: "timeline"))
        var timeline = "home"

        @OptionGroup var countOption: CountOption
        @OptionGroup var idsOption: IDsOption
        @OptionGroup var accountOptions: AccountOptions
        @OptionGroup var output: ListOutput

        func validate() throws {
            guard !timeline.trimmingSpaces().isEmpty else {
                throw ValidationError("Name a timeline: home, or a handle such as @ada@mastodon.social.")
            }
        }

        func run() async throws {
            let (timeline, count, ids) = (timeline, countOption.count, idsOption.ids)
            try await output.run(accountOptions, empty: AppStrings(ListOutput.language)(.noPosts)) { engine in
                let page: Page<Status>
                if timeline.lowercased() == "home" {
                    page = try await engine.homeTimeline(upTo: count)
                } else {
                    let person = try await CommandSupport.person(timeline, on: engine)
                    page = try await engine.accountTimeline(accountID: person.id, upTo: count)
                }
                return ListOutput.postLines(page.items.prefix(count), ids: ids, now: engine.clock.now())
            }
        }
    }
}
