import FoundationEssentials
import LoowiSupport
import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// The one way loowi replaces a file: config.toml, the token file, drafts, the outbox and
/// the timeline cache. A temporary file in the same folder is written whole (EINTR and
/// short writes retried), synced, renamed over the old one, and the folder is synced, so a
/// reader or a crash sees the old contents or the new, never half, and never a copy that
/// others could read.
public enum AtomicFile {
    public enum Permissions: Sendable {
        /// 0600 in a 0700 folder, whatever the umask: tokens, drafts, the outbox, caches
        /// (they can hold direct messages).
        case ownerOnly
        /// An existing file keeps its mode; a new one gets 0666 minus the umask (config.toml,
        /// which the user owns and may share with a dotfiles repository).
        case keepExisting
    }

    /// Why a write failed: what was being done, to which path, and the system's reason.
    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: FileFailure
        /// The folder, not the file, is the problem ("Cannot write in ...").
        public let isFolder: Bool

        public init(path: String, reason: FileFailure, isFolder: Bool = false) {
            self.path = path
            self.reason = reason
            self.isFolder = isFolder
        }

        public var description: String { "Cannot write \(isFolder ? "in " : "")\(path): \(reason)." }

        /// As it is heard: the path, and the reason in the user's words.
        public func spoken(in language: Language) -> String {
            Catalogue<EngineText>(language)(isFolder ? .cannotWriteIn : .cannotWriteFile, path, reason.spoken(in: language))
        }
    }

    /// Writes `bytes` to `path`. With `.keepExisting` a symlink is followed (a dotfiles
    /// link stays a link, its target is replaced); with `.ownerOnly` the link itself is
    /// replaced by a private file, since a private file must not land where a link points.
    /// Not `durable`: the file and its folder are not synced, for a cache that is cheap to make
    /// again and is written where a start would wait for the disk (still whole or not at all).
    public static func write(
        _ bytes: some Collection<UInt8>, to path: String, permissions: Permissions, durable: Bool = true
    ) throws(WriteError) {
        let target = permissions == .keepExisting ? resolvedTarget(of: path) : path
        let folder = target.deletingLastPathComponent
        try createFolder(folder.isEmpty ? "." : folder)
        let name = target.lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let mode: mode_t = permissions == .ownerOnly ? 0o600 : 0o666
        let fd = retryingInterrupted { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode) }
        guard fd >= 0 else { throw failure(temporary, errno) }
        var problem: Int32 = 0
        switch permissions {
        case .ownerOnly:
            if fchmod(fd, 0o600) != 0 { problem = errno }
        case .keepExisting:
            var info = stat()
            if stat(target, &info) == 0, fchmod(fd, info.st_mode & 0o7777) != 0 { problem = errno }
        }
        if problem == 0 { problem = writeAll(fd, bytes: bytes) }
        if problem == 0, durable, retryingInterrupted({ fsync(fd) }) != 0 { problem = errno }
        if close(fd) != 0, problem == 0, errno != EINTR { problem = errno }
        if problem == 0, rename(temporary, target) != 0 { problem = errno }
        guard problem == 0 else {
            unlink(temporary)
            throw failure(target, problem)
        }
        guard durable else { return }
        // The rename is durable only once the folder itself is synced.
        let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = retryingInterrupted { fsync(folderFD) }
            close(folderFD)
        }
    }

    public static func write(_ text: String, to path: String, permissions: Permissions) throws(WriteError) {
        try write(text.utf8, to: path, permissions: permissions)
    }

    /// Removes the temporary files (`.NAME.PID-N.tmp`) that writes killed half-way left in
    /// `folder`: those of a process that no longer runs, owned by this user, plain files.
    /// A live process's file is its write under way (another loowi on the same account) and
    /// is left alone. Returns the names removed.
    @discardableResult
    public static func removeLeftovers(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { name in
            guard let pid = writerPID(ofTemporary: name), kill(pid, 0) != 0, errno == ESRCH else { return false }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid() else { return false }
            return unlink(path) == 0
        }
    }

    /// The process that named a temporary file `write` makes (`.NAME.PID-N.tmp`), else nil.
    static func writerPID(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), dot > stem.startIndex else { return nil }
        let parts = stem[stem.index(after: dot)...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, UInt32(parts[1]) != nil, let pid = pid_t(parts[0]), pid > 0 else { return nil }
        return pid
    }

    /// Moves an unreadable file aside (`NAME.unreadable-<seconds since 1970>`, then `-2`,
    /// `-3`…), never over another kept file, so the next save cannot destroy what the user
    /// may still recover. Returns the new path.
    public static func moveAside(_ path: String, now: Date = Date()) throws(WriteError) -> String {
        try keepAside(path, now: now) { candidate in
            // link() fails when the name exists: no check-then-rename race.
            guard link(path, candidate) == 0 else { return errno }
            unlink(path)
            return 0
        }
    }

    /// Copies a partly readable file aside under the same kind of unique name.
    public static func copyAside(_ bytes: some Collection<UInt8>, of path: String, now: Date = Date()) throws(WriteError) -> String {
        let contents = Array(bytes)
        return try keepAside(path, now: now) { candidate in
            let fd = retryingInterrupted { open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
            guard fd >= 0 else { return errno }
            var problem = writeAll(fd, bytes: contents)
            if problem == 0, retryingInterrupted({ fsync(fd) }) != 0 { problem = errno }
            close(fd)
            if problem != 0 { unlink(candidate) }
            return problem
        }
    }

    /// Tries `NAME.unreadable-<seconds>`, `-2`, … until `place` does not answer EEXIST.
    private static func keepAside(_ path: String, now: Date, place: (String) -> Int32) throws(WriteError) -> String {
        let stamp = Int(now.timeIntervalSince1970.rounded(.down))
        for suffix in 1...1000 {
            let candidate = suffix == 1 ? "\(path).unreadable-\(stamp)" : "\(path).unreadable-\(stamp)-\(suffix)"
            let result = place(candidate)
            if result == 0 { return candidate }
            guard result == EEXIST else { throw failure(path, result) }
        }
        throw WriteError(path: path, reason: .tooManyCopies)
    }

    /// Makes the folder and any missing parents, each 0700: the folders hold tokens and drafts.
    public static func createFolder(_ folder: String) throws(WriteError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw WriteError(path: folder, reason: .fileInTheWay, isFolder: true) }
            return
        }
        let parent = folder.deletingLastPathComponent
        if !parent.isEmpty, parent != folder { try createFolder(parent) }
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw WriteError(path: folder, reason: .system(errno), isFolder: true)
        }
    }

    private static func resolvedTarget(of path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    private static func failure(_ path: String, _ code: Int32) -> WriteError {
        WriteError(path: path, reason: .system(code))
    }
}
