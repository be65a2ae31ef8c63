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
            parameters: [.argument("timeline", help: "home, or a person's handle such as @ada@mastodon.social.", default: "home", values: .suggestions(["home"]))]
                + PostListOptions.parameters)

        var timeline: String
        var list: PostListOptions

        init(_ values: ArgumentValues) throws {
            timeline = values.string("timeline") ?? "home"
            list = try PostListOptions(values)
        }

        func validate() throws {
            guard !timeline.trimmingSpaces().isEmpty else {
                throw UsageError("Name a timeline: home, or a handle such as @ada@mastodon.social.")
            }
        }

        func run() async throws {
            let timeline = timeline
            try await list.run(empty: AppStrings(ListOutput.language)(.noPosts)) { engine, count in
                if timeline.lowercased() == "home" { return try await engine.homeTimeline(upTo: count) }
                let person = try await CommandSupport.person(timeline, on: engine)
                return try await engine.accountTimeline(accountID: person.id, upTo: count)
            }
        }
    }
}
