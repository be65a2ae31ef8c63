import ArgumentParser
import Foundation
import TweetEngine

extension Loowi {
    /// `loowi favourites`: the posts you favourited, one per line.
    struct Favourites: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print or speak the posts you favourited, most recent first.")

        @OptionGroup var countOption: CountOption
        @OptionGroup var idsOption: IDsOption
        @OptionGroup var accountOptions: AccountOptions
        @OptionGroup var output: ListOutput

        func run() async throws {
            let (count, ids) = (countOption.count, idsOption.ids)
            try await output.run(accountOptions, empty: BufferList.favourites.emptyMessage(in: .english)) { engine in
                let page = try await engine.favourites(upTo: count)
                return ListOutput.postLines(page.items.prefix(count), ids: ids, now: engine.clock.now())
            }
        }
    }

    /// `loowi bookmarks`: the posts you bookmarked, one per line.
    struct Bookmarks: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print or speak the posts you bookmarked, most recent first.")

        @OptionGroup var countOption: CountOption
        @OptionGroup var idsOption: IDsOption
        @OptionGroup var accountOptions: AccountOptions
        @OptionGroup var output: ListOutput

        func run() async throws {
            let (count, ids) = (countOption.count, idsOption.ids)
            try await output.run(accountOptions, empty: BufferList.bookmarks.emptyMessage(in: .english)) { engine in
                let page = try await engine.bookmarks(upTo: count)
                return ListOutput.postLines(page.items.prefix(count), ids: ids, now: engine.clock.now())
            }
        }
    }
}
