import FoundationEssentials
import LoowiSupport
import Synchronization
import TweetEngine

/// The home timeline as last seen, one file per account under `$XDG_CACHE_HOME/loowi`, so the
/// first post is read at once on start-up while the server is asked for what is new.
public struct TimelineCache: Sendable {
    public let file: URL
    private var early: EarlyRead?

    public init(paths: AppPaths, account handle: String) {
        file = AppPaths.accountFile("home", handle: handle, in: paths.cache)
    }

    public init(file: URL) { self.file = file }

    /// This cache, read and decoded from now on, on a thread of its own: a start decodes its
    /// 200 posts while eSpeak NG and the sound device load, instead of after them.
    public func readingAhead() -> TimelineCache {
        var ahead = self
        ahead.early = EarlyRead(file)
        return ahead
    }

    /// The cached posts: the early read's once (waiting for it if need be), the file's after.
    public func load() -> [Status]? {
        if let early, let statuses = early.take() { return statuses }
        return Self.read(file)
    }

    fileprivate static func read(_ file: URL) -> [Status]? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? StatusArchive.decode(data)
    }

    /// Best effort: a cache that cannot be written only costs a slower next start.
    public func save(_ statuses: [Status]) {
        guard let data = try? StatusArchive.encode(statuses) else { return }
        try? PrivateFile.write(data, to: file)
    }
}

/// One read of the cache on another thread, taken once: a later `load` reads the file again,
/// since the app may have saved newer posts since.
private final class EarlyRead: Sendable {
    private let read: ThreadResult<[Status]?>
    private let taken = Mutex(false)

    init(_ file: URL) {
        read = ThreadResult { TimelineCache.read(file) }
    }

    /// The read's posts (nil inside when there was no cache), or nil once taken.
    func take() -> [Status]?? {
        let statuses = read.wait()
        let first = taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
        return first ? .some(statuses) : nil
    }
}
