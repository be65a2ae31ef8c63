import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi search QUERY`: people, hashtags and posts, one per line, each saying which.
    struct Search: Command {
        static let info = CommandInfo(
            name: "search",
            abstract: "Search for people, hashtags and posts; an address or @user@server is looked up on its server too.",
            parameters: [.argument("words", help: "What to search for.", optional: true, repeats: true)] + IDsOption.parameters + AccountOptions.parameters
                + ListOutput.parameters)

        var words: [String]
        var idsOption: IDsOption
        var accountOptions: AccountOptions
        var output: ListOutput

        init(_ values: ArgumentValues) throws {
            words = values.strings("words")
            idsOption = IDsOption(values)
            accountOptions = AccountOptions(values)
            output = try ListOutput(values)
        }

        func validate() throws {
            guard !words.joinedText.isEmpty else { throw UsageError("Give what to search for, for example: loowi search bread") }
        }

        func run() async throws {
            let (query, ids) = (words.joinedText, idsOption.ids)
            try await output.run(accountOptions, empty: BufferList.search.emptyMessage(in: ListOutput.language)) { engine in
                let found = try await engine.search(query, limit: 20, resolve: true)
                let say = AppStrings(ListOutput.language)
                let people = found.accounts.map { account in
                    let handle = "@" + Sanitizer.clean(account.acct, for: .line)
                    return ListOutput.Line(say(.resultPerson, say(.personItem, account.spokenName(options: ListOutput.options), handle)))
                }
                let tags = found.hashtags.map { tag in
                    ListOutput.Line(tag.recentAccounts > 0 ? say(.resultHashtagPeople, tag.name, String(tag.recentAccounts)) : say(.resultHashtag, tag.name))
                }
                let shown = Status.visible(found.statuses)
                let posts = zip(shown, ListOutput.postLines(shown, ids: false, now: engine.clock.now())).map { status, line in
                    ListOutput.Line(say(.resultPost, line.spoken), id: ids ? status.id : nil)
                }
                return people + tags + posts
            }
        }
    }

    /// `loowi tag NAME`: public posts with a hashtag.
    struct TagCommand: Command {
        static let info = CommandInfo(
            name: "tag", abstract: "Print or speak the public posts with a hashtag, newest first.",
            parameters: [.argument("name", help: "The hashtag, with or without #.")] + PostListOptions.parameters)

        var name: String
        var list: PostListOptions

        init(_ values: ArgumentValues) throws {
            name = values.string("name") ?? ""
            list = try PostListOptions(values)
        }

        func validate() throws {
            guard !TweetEngine.hashtagName(name).isEmpty else { throw UsageError("\"\(name)\" is not a hashtag: give letters or digits, as in loowi tag bread.") }
        }

        func run() async throws {
            let tag = TweetEngine.hashtagName(name)
            try await list.run(empty: BufferList.hashtag.emptyMessage(in: ListOutput.language)) { engine, count in
                try await engine.hashtagTimeline(tag, upTo: count)
            }
        }
    }
}
