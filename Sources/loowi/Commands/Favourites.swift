import ArgumentParser
import FoundationEssentials
import LoowiSupport
import TweetEngine

extension Loowi {
    /// `loowi favourites`: the posts you favourited, one per line.
    struct Favourites: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "favourites",
            abstract: "Print or speak the posts you favourited, most recent first.")

        @OptionGroup var list: SavedPostsOptions

        func run() async throws {
            try await list.run(.favourites) { engine, count in try await engine.favourites(upTo: count) }
        }
    }

    /// `loowi bookmarks`: the posts you bookmarked, one per line.
    struct Bookmarks: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bookmarks",
            abstract: "Print or speak the posts you bookmarked, most recent first.")

        @OptionGroup var list: SavedPostsOptions

        func run() async throws {
            try await list.run(.bookmarks) { engine, count in try await engine.bookmarks(upTo: count) }
        }
    }
}

/// What `favourites` and `bookmarks` share: the same options, one line per saved post.
struct SavedPostsOptions: ParsableArguments {
    @OptionGroup var countOption: CountOption
    @OptionGroup var idsOption: IDsOption
    @OptionGroup var accountOptions: AccountOptions
    @OptionGroup var output: ListOutput

    func run(_ list: BufferList, fetch: @escaping @Sendable (TweetEngine, Int) async throws -> Page<Status>) async throws {
        let (count, ids) = (countOption.count, idsOption.ids)
        try await output.run(accountOptions, empty: list.emptyMessage(in: ListOutput.language)) { engine in
            let page = try await fetch(engine, count)
            return ListOutput.postLines(page.items.prefix(count), ids: ids, now: engine.clock.now())
        }
    }
}
