import FoundationEssentials
import LoowiSupport
import TweetEngine

extension Loowi {
    /// `loowi favourites`: the posts you favourited, one per line.
    struct Favourites: Command {
        static let info = CommandInfo(
            name: "favourites",
            abstract: "Print or speak the posts you favourited, most recent first.",
            parameters: SavedPostsOptions.parameters)

        var list: SavedPostsOptions

        init(_ values: ArgumentValues) throws { list = try SavedPostsOptions(values) }

        func run() async throws {
            try await list.run(.favourites) { engine, count in try await engine.favourites(upTo: count) }
        }
    }

    /// `loowi bookmarks`: the posts you bookmarked, one per line.
    struct Bookmarks: Command {
        static let info = CommandInfo(
            name: "bookmarks",
            abstract: "Print or speak the posts you bookmarked, most recent first.",
            parameters: SavedPostsOptions.parameters)

        var list: SavedPostsOptions

        init(_ values: ArgumentValues) throws { list = try SavedPostsOptions(values) }

        func run() async throws {
            try await list.run(.bookmarks) { engine, count in try await engine.bookmarks(upTo: count) }
        }
    }
}

/// What `favourites` and `bookmarks` share: the same options, one line per saved post.
struct SavedPostsOptions: ArgumentGroup {
    static let parameters = CountOption.parameters + IDsOption.parameters + AccountOptions.parameters + ListOutput.parameters

    var countOption: CountOption
    var idsOption: IDsOption
    var accountOptions: AccountOptions
    var output: ListOutput

    init(_ values: ArgumentValues) throws {
        countOption = try CountOption(values)
        idsOption = IDsOption(values)
        accountOptions = AccountOptions(values)
        output = try ListOutput(values)
    }

    func run(_ list: BufferList, fetch: @escaping @Sendable (TweetEngine, Int) async throws -> Page<Status>) async throws {
        let (count, ids) = (countOption.count, idsOption.ids)
        try await output.run(accountOptions, empty: list.emptyMessage(in: ListOutput.language)) { engine in
            let page = try await fetch(engine, count)
            return ListOutput.postLines(page.items.prefix(count), ids: ids, now: engine.clock.now())
        }
    }
}
