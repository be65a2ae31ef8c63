import AccessibleControls

#if canImport(Glibc)
    import Glibc
#endif

@main
struct Loowi: Command {
    static let info = CommandInfo(
        name: "loowi",
        abstract: "A self-voicing Mastodon client for the terminal.",
        subcommands: [
            Run.self, Demo.self, Login.self, Logout.self, Accounts.self, Timeline.self, Notifications.self, Conversations.self,
            ThreadCommand.self, Favourites.self, Bookmarks.self, Search.self, TagCommand.self, Lists.self, Bookmark.self,
            Unbookmark.self, Delete.self, Edit.self, Vote.self, Watch.self, Post.self, DM.self, OutboxCommand.self, Follow.self,
            Unfollow.self, Mute.self, Unmute.self, Block.self, Unblock.self, Config.self, DoctorCommand.self, Practice.self, Say.self, Voices.self,
            Sounds.self, Bench.self, Man.self, Completions.self,
        ],
        defaultSubcommand: Run.self)

    init(_ values: ArgumentValues) {}
    func run() async throws {}

    /// SIGWINCH is blocked before any thread starts, so every thread inherits the mask and only
    /// the screen's own watcher takes it (see `ResizeSignal`).
    static func main() async {
        ResizeSignal.blockInThisThread()
        await runAndExit(CommandRunner.prepare(Array(CommandLine.arguments.dropFirst())))
    }

    /// Exits from the thread the command finished on. Returning to `main` would hop to the
    /// main actor, whose queue gets a thread (and a malloc arena) of its own just to call exit.
    @concurrent nonisolated private static func runAndExit(_ prepared: sending CommandRunner.Prepared) async -> Never {
        exit(await CommandRunner.run(prepared))
    }
}

enum LoowiVersion {
    static let current = "0.1.0"
}
