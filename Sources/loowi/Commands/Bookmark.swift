import ArgumentParser
import TweetEngine

extension Loowi {
    /// `loowi bookmark ID-or-URL`: keeps a post among your bookmarks.
    struct Bookmark: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bookmark",
            abstract: "Bookmark a post, by its id (loowi timeline --ids) or its address. Nobody is told.")

        @OptionGroup var target: BookmarkTarget

        func run() async throws {
            try await target.run(bookmarking: true)
        }
    }

    /// `loowi unbookmark ID-or-URL`.
    struct Unbookmark: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unbookmark", abstract: "Remove a post from your bookmarks, by its id or its address.")

        @OptionGroup var target: BookmarkTarget

        func run() async throws {
            try await target.run(bookmarking: false)
        }
    }
}

/// What `bookmark` and `unbookmark` share: the post, found as `loowi thread` finds it, and
/// one plain line that says what changed (or that nothing needed to).
struct BookmarkTarget: ParsableArguments {
    @Argument(help: ArgumentHelp("The post's id, or its address on any server.", valueName: "id-or-url"))
    var post: String

    @OptionGroup var accountOptions: AccountOptions

    func run(bookmarking: Bool) async throws {
        try await CommandSupport.reportingFailures {
            let session = try await accountOptions.session()
            let status = try await Loowi.ThreadCommand.status(post, on: session.engine)
            let shown = status.displayed
            let author = Sanitizer.clean(shown.account.spokenName(), mode: .singleLine)
            guard shown.bookmarked != bookmarking else {
                CommandSupport.printLine(bookmarking ? "\(author)'s post was bookmarked already." : "\(author)'s post was not bookmarked; nothing changed.")
                return
            }
            _ = bookmarking ? try await session.engine.bookmark(shown.id) : try await session.engine.unbookmark(shown.id)
            CommandSupport.printLine(bookmarking ? "Bookmarked \(author)'s post." : "Removed \(author)'s post from your bookmarks.")
        }
    }
}
