import FoundationEssentials
import LoowiSupport
import TweetEngine

/// Where loowi keeps its files, by the XDG base directory rules (PRODUCT.md, "Files").
public struct AppPaths: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/loowi`: config.toml, and accounts.json (0600).
    public var config: URL
    /// `$XDG_STATE_HOME/loowi`: drafts and the outbox.
    public var state: URL
    /// `$XDG_CACHE_HOME/loowi`: the timeline cache.
    public var cache: URL
    /// `$XDG_DATA_HOME/loowi`: sound packs.
    public var data: URL

    public init(environment: [String: String] = ProcessEnvironment.current) {
        let home = URL(fileURLWithPath: homeDirectory(environment: environment), isDirectory: true)
        func base(_ variable: String, _ fallback: String) -> URL {
            // The spec says a relative value is invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
            return home.appendingPathComponent(fallback, isDirectory: true)
        }
        config = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("loowi", isDirectory: true)
        state = base("XDG_STATE_HOME", ".local/state").appendingPathComponent("loowi", isDirectory: true)
        cache = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("loowi", isDirectory: true)
        data = base("XDG_DATA_HOME", ".local/share").appendingPathComponent("loowi", isDirectory: true)
    }

    public var configFile: URL { config.appendingPathComponent("config.toml") }

    /// Removes what writes killed half-way left in loowi's own folders (`AtomicFile`'s
    /// temporary files of processes that no longer run): a few directory reads at start.
    public func removeLeftoverTemporaryFiles() {
        for folder in [config, state, cache] { AtomicFile.removeLeftovers(in: folder.path) }
    }

    /// A file that belongs to one account (`drafts-@ada@host.json`) in `folder`; characters
    /// a file name cannot hold become underscores.
    public static func accountFile(_ name: String, handle: String, in folder: URL) -> URL {
        let safe = String(handle.map { $0.isLetter || $0.isNumber || "@.-".contains($0) ? $0 : "_" })
        return folder.appendingPathComponent("\(name)-\(safe).json")
    }
}
