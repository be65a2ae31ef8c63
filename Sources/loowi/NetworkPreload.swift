import ArgumentParser
import LoowiSupport
import TweetEngine

/// A command whose first act is a request to the account's server. While ArgumentParser parses
/// such a command line (28 M instructions for `loowi timeline`, by reflection), libcurl and
/// OpenSSL are opened on the other core (16 M), instead of after it.
protocol ServerCommand: ParsableCommand {}

/// libcurl opened on a thread of its own while the command line is parsed, for a command that
/// will go online at once. Waited for before the command runs or the program exits: an exit
/// while OpenSSL is still being set up would run its clean-up against half-made state.
enum NetworkPreload {
    /// Starts opening libcurl when the command named first in `arguments` is a `ServerCommand`;
    /// nil for any other (the app opens it itself, behind its first words).
    static func start(for arguments: some Sequence<String>, commands: [ParsableCommand.Type]) -> ThreadResult<Void>? {
        guard let name = arguments.first(where: { !$0.hasPrefix("-") }),
            let command = commands.first(where: { $0.configuration.commandName == name }),
            command is ServerCommand.Type
        else { return nil }
        return ThreadResult { CurlTransport.openLibrary() }
    }
}

extension Loowi.Timeline: ServerCommand {}
extension Loowi.Notifications: ServerCommand {}
extension Loowi.Conversations: ServerCommand {}
extension Loowi.ThreadCommand: ServerCommand {}
extension Loowi.Favourites: ServerCommand {}
extension Loowi.Bookmarks: ServerCommand {}
extension Loowi.Search: ServerCommand {}
extension Loowi.TagCommand: ServerCommand {}
extension Loowi.Lists: ServerCommand {}
extension Loowi.Bookmark: ServerCommand {}
extension Loowi.Unbookmark: ServerCommand {}
extension Loowi.Delete: ServerCommand {}
extension Loowi.Edit: ServerCommand {}
extension Loowi.Vote: ServerCommand {}
extension Loowi.Watch: ServerCommand {}
extension Loowi.Post: ServerCommand {}
extension Loowi.DM: ServerCommand {}
extension Loowi.Follow: ServerCommand {}
extension Loowi.Unfollow: ServerCommand {}
extension Loowi.Mute: ServerCommand {}
extension Loowi.Unmute: ServerCommand {}
extension Loowi.Block: ServerCommand {}
extension Loowi.Unblock: ServerCommand {}
extension Loowi.Logout: ServerCommand {}
