import FoundationEssentials
import LoowiSupport
import TweetEngine

extension Loowi {
    /// `loowi favourites`: the posts you favourited, one per line.
    struct Favourites: Command {
        static let info = CommandInfo(
            name: "favourites",
            abstract: "Print or speak the posts you favourited, most recent first.",
            parameters: PostListOptions.parameters)

        var list: PostListOptions

        init(_ values: ArgumentValues) throws { list = try PostListOptions(values) }

        func run() async throws {
            try await list.run(empty: BufferList.favourites.emptyMessage(in: ListOutput.language)) { engine, count in try await engine.favourites(upTo: count) }
        }
    }

    /// `loowi bookmarks`: the posts you bookmarked, one per line.
    struct Bookmarks: Command {
        static let info = CommandInfo(
            name: "bookmarks",
            abstract: "Print or speak the posts you bookmarked, most recent first.",
            parameters: PostListOptions.parameters)

        var list: PostListOptions

        init(_ values: ArgumentValues) throws { list = try PostListOptions(values) }

        func run() async throws {
            try await list.run(empty: BufferList.bookmarks.emptyMessage(in: ListOutput.language)) { engine, count in try await engine.bookmarks(upTo: count) }
        }
    }
}

/// What the lists of posts (timeline, tag, favourites, bookmarks) share: how many, the ids, the
/// account and the output, and one line per post.
struct PostListOptions: ArgumentGroup {
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

    func run(empty: @autoclosure () -> String, fetch: @escaping @Sendable (TweetEngine, Int) async throws -> Page<Status>) async throws {
        let (count, ids) = (countOption.count, idsOption.ids)
        try await output.run(accountOptions, empty: empty()) { engine in
            let page = try await fetch(engine, count)
            return ListOutput.postLines(page.items.prefix(count), ids: ids, now: engine.clock.now())
        }
    }
}
