import FoundationEssentials
import LoowiSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Tokens in their own JSON file, `$XDG_CONFIG_HOME/loowi/accounts.json` (or
/// `~/.config/loowi/accounts.json`), created with mode 0600 in a 0700 folder.
///
/// A file that other users could read (any group or other permission bit), or that belongs
/// to someone else, is refused with `EngineError.tokenFileInsecure`, whose advice says
/// `chmod 600 PATH`.
public final class FileTokenStore: TokenStore {
    public let fileURL: URL
    /// Serialises read-modify-write within this process.
    private let lock = Mutex(())

    public init(fileURL: URL) { self.fileURL = fileURL }

    /// The default location, following the XDG base directory rules.
    public static func defaultLocation(environment: [String: String] = ProcessEnvironment.current) -> URL {
        let base: URL
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = URL(fileURLWithPath: config, isDirectory: true)
        } else {
            let home = homeDirectory(environment: environment)
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        }
        return base.appendingPathComponent("loowi", isDirectory: true).appendingPathComponent("accounts.json")
    }

    public static func standard() -> FileTokenStore { FileTokenStore(fileURL: defaultLocation()) }

    private struct FileContents: Codable {
        var accounts: [Credentials]
    }

    /// A damaged file (not JSON, or not a loowi accounts file) is moved aside and named:
    /// `tokenFileDamaged`, said once; the next read finds no file.
    public func loadAll() throws -> [Credentials] {
        try lock.withLock { _ in
            switch try read() {
            case .accounts(let accounts): return accounts
            case .damaged(let keptAt): throw EngineError.tokenFileDamaged(path: path, keptAt: keptAt)
            }
        }
    }

    /// A login saves its token even over a damaged file: the file is set aside first (never
    /// overwritten: its other tokens may still be copied out of it).
    public func save(_ credentials: Credentials) throws {
        try lock.withLock { _ in
            var accounts = try read().accounts
            accounts.removeAll { $0.handle == credentials.handle }
            accounts.append(credentials)
            try write(accounts)
        }
    }

    public func remove(handle: String) throws {
        try lock.withLock { _ in
            var accounts = try read().accounts
            accounts.removeAll { $0.handle == handle }
            try write(accounts)
        }
    }

    private var path: String { fileURL.path }

    private enum Contents {
        case accounts([Credentials])
        /// The file could not be decoded and was moved to this path.
        case damaged(keptAt: String)

        var accounts: [Credentials] {
            if case .accounts(let accounts) = self { return accounts }
            return []
        }
    }

    private func read() throws -> Contents {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return .accounts([]) }
            throw EngineError.tokenStorage(path: path, reason: FileFailure.system(errno).description)
        }
        // A symlink could point anywhere (and its own mode says nothing): refuse it.
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw EngineError.tokenStorage(path: path, reason: "not a regular file")
        }
        guard info.st_mode & 0o077 == 0, info.st_uid == getuid() else {
            throw EngineError.tokenFileInsecure(path: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw EngineError.tokenStorage(path: path, reason: "cannot read")
        }
        if data.isEmpty { return .accounts([]) }
        if let contents = try? JSONDecoder().decode(FileContents.self, from: data) { return .accounts(contents.accounts) }
        do {
            return .damaged(keptAt: try AtomicFile.moveAside(path))
        } catch {
            throw EngineError.tokenStorage(path: error.path, reason: error.reason.description)
        }
    }

    /// Written through the one atomic writer, 0600 in a 0700 folder, so a crash never
    /// leaves half a file or a readable copy.
    private func write(_ accounts: [Credentials]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(FileContents(accounts: accounts))
        } catch {
            throw EngineError.tokenStorage(path: path, reason: "cannot encode")
        }
        do {
            try AtomicFile.write(data, to: path, permissions: .ownerOnly)
        } catch {
            throw EngineError.tokenStorage(path: error.path, reason: error.reason.description)
        }
    }
}
