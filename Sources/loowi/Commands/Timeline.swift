import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi timeline [home|@handle]`: posts printed one per line, or spoken.
    struct Timeline: Command {
        static let info = CommandInfo(
            name: "timeline",
            abstract: "Print or speak a timeline: your home timeline or one person's posts.",
            discussion: "Each post is one line: who wrote it (and who boosted it), whom it answers, its content warning, its text and how long ago. Links are read as \"link to\" their site.",
            parameters: [.argument("timeline", help: "home, or a person's handle such as @ada@mastodon.social.", default: "home")]
                + CountOption.parameters + IDsOption.parameters + AccountOptions.parameters + ListOutput.parameters)

        var timeline: String
        var countOption: CountOption
        var idsOption: IDsOption
        var accountOptions: AccountOptions
        var output: ListOutput

        init(_ values: ArgumentValues) throws {
            timeline = values.string("timeline") ?? "home"
            countOption = try CountOption(values)
            idsOption = IDsOption(values)
            accountOptions = AccountOptions(values)
            output = try ListOutput(values)
        }

        func validate() throws {
            guard !timeline.trimmingSpaces().isEmpty else {
                throw UsageError("Name a timeline: home, or a handle such as @ada@mastodon.social.")
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
