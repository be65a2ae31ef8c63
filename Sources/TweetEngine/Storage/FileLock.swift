import FoundationEssentials
import LoowiSupport

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a private lock file beside the file it guards: the one way two
/// loowi processes (the open app and a command, or two apps on one account) take turns on
/// the outbox and the drafts. The kernel drops it when the descriptor closes or loowi dies,
/// so a crash never leaves a file locked.
public enum FileLock {
    /// The lock's descriptor, or -1 when it cannot be had at once (`blocking` false) or the
    /// lock file cannot be opened.
    public static func acquire(_ lockPath: String, blocking: Bool) -> Int32 {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return -1 }
        if retryingInterrupted({ flock(fd, LOCK_EX | (blocking ? 0 : LOCK_NB)) }) != 0 {
            close(fd)
            return -1
        }
        return fd
    }

    public static func release(_ fd: Int32) {
        if fd >= 0 { close(fd) }
    }

    /// Runs `body` holding `PATH.edit.lock`: a read, change and write of `path` that another
    /// process's cannot cut into. The folder is made first (0700), so the lock can be taken
    /// before the file exists; without a lock file (a read-only folder) `body` still runs, and
    /// its write says what is wrong.
    public static func editing<T, E: Error>(_ path: String, _ body: () throws(E) -> T) throws(E) -> T {
        let folder = path.deletingLastPathComponent
        try? AtomicFile.createFolder(folder.isEmpty ? "." : folder)
        let fd = acquire(path + ".edit.lock", blocking: true)
        defer { release(fd) }
        return try body()
    }
}
