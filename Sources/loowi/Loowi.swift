import AccessibleControls
import ArgumentParser

@main
struct Loowi: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loowi",
        abstract: "A self-voicing Mastodon client for the terminal.",
        version: LoowiVersion.current,
        subcommands: [
            Run.self,
            Demo.self,
            Login.self,
            Logout.self,
            Accounts.self,
            Timeline.self,
            Notifications.self,
            Conversations.self,
            ThreadCommand.self,
            Favourites.self,
            Bookmarks.self,
            Search.self,
            TagCommand.self,
            Lists.self,
            Bookmark.self,
            Unbookmark.self,
            Delete.self,
            Edit.self,
            Vote.self,
            Watch.self,
            Post.self,
            DM.self,
            OutboxCommand.self,
            Follow.self,
            Unfollow.self,
            Mute.self,
            Unmute.self,
            Block.self,
            Unblock.self,
            Config.self,
            Practice.self,
            Say.self,
            Voices.self,
            Sounds.self,
            Bench.self,
        ],
        defaultSubcommand: Run.self
    )

    /// SIGWINCH is blocked before any thread starts, so every thread inherits the mask and only
    /// the screen's own watcher takes it (see `ResizeSignal`).
    ///
    /// Otherwise ArgumentParser's own `main`, with libcurl opened during the parse for a command
    /// that goes online (`NetworkPreload`).
    static func main() async {
        ResizeSignal.blockInThisThread()
        let network = NetworkPreload.start(for: CommandLine.arguments.dropFirst(), commands: configuration.subcommands)
        do {
            var command = try await asyncParseAsRoot(nil)
            network?.wait()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            network?.wait()
            exit(withError: error)
        }
    }
}

enum LoowiVersion {
    static let current = "0.1.0"
}
