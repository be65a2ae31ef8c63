import FoundationEssentials
import LoowiSupport
import TweetEngine

/// The home timeline as last seen, one file per account under `$XDG_CACHE_HOME/loowi`, so the
/// first post is read at once on start-up while the server is asked for what is new.
public struct TimelineCache: Sendable {
    public let file: URL

    public init(paths: AppPaths, account handle: String) {
        file = AppPaths.accountFile("home", handle: handle, in: paths.cache)
    }

    public init(file: URL) { self.file = file }

    public func load() -> [Status]? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? StatusArchive.decode(data)
    }

    /// Best effort: a cache that cannot be written only costs a slower next start.
    public func save(_ statuses: [Status]) {
        guard let data = try? StatusArchive.encode(statuses) else { return }
        try? PrivateFile.write(data, to: file)
    }
}
