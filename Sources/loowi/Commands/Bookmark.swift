import TweetEngine

extension Loowi {
    /// `loowi bookmark ID-or-URL`: keeps a post among your bookmarks.
    struct Bookmark: Command {
        static let info = CommandInfo(
            name: "bookmark",
            abstract: "Bookmark a post, by its id (loowi timeline --ids) or its address. Nobody is told.",
            parameters: BookmarkTarget.parameters)

        var target: BookmarkTarget

        init(_ values: ArgumentValues) { target = BookmarkTarget(values) }

        func run() async throws {
            try await target.run(bookmarking: true)
        }
    }

    /// `loowi unbookmark ID-or-URL`.
    struct Unbookmark: Command {
        static let info = CommandInfo(name: "unbookmark", abstract: "Remove a post from your bookmarks, by its id or its address.",
            parameters: BookmarkTarget.parameters)

        var target: BookmarkTarget

        init(_ values: ArgumentValues) { target = BookmarkTarget(values) }

        func run() async throws {
            try await target.run(bookmarking: false)
        }
    }
}

/// What `bookmark` and `unbookmark` share: the post, found as `loowi thread` finds it, and
/// one plain line that says what changed (or that nothing needed to).
struct BookmarkTarget: ArgumentGroup {
    static let parameters: [Parameter] =
        [.argument("id-or-url", help: "The post's id, or its address on any server.")] + AccountOptions.parameters

    var post: String
    var accountOptions: AccountOptions

    init(_ values: ArgumentValues) {
        post = values.string("id-or-url") ?? ""
        accountOptions = AccountOptions(values)
    }

    func run(bookmarking: Bool) async throws {
        try await CommandSupport.reportingFailures {
            let session = try await accountOptions.session()
            let status = try await Loowi.ThreadCommand.status(post, on: session.engine)
            let shown = status.displayed
            let author = Sanitizer.clean(shown.account.spokenName(), for: .line)
            guard shown.bookmarked != bookmarking else {
                CommandSupport.printLine(bookmarking ? "\(author)'s post was bookmarked already." : "\(author)'s post was not bookmarked; nothing changed.")
                return
            }
            _ = bookmarking ? try await session.engine.bookmark(shown.id) : try await session.engine.unbookmark(shown.id)
            CommandSupport.printLine(bookmarking ? "Bookmarked \(author)'s post." : "Removed \(author)'s post from your bookmarks.")
        }
    }
}
