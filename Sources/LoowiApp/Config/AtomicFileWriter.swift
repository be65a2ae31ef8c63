import Foundation

/// Replaces a file so that a reader (or a crash) sees the old text or the new, never half:
/// a temporary file in the same folder, written and synced, then renamed over the old one.
enum AtomicFileWriter {
    static func write(_ text: String, to url: URL) throws(ConfigError) {
        // A symlinked config.toml (a dotfiles repository) stays a symlink: write its target.
        let target = url.resolvingSymlinksInPath()
        let folder = target.deletingLastPathComponent()
        try createFolder(folder)
        let path = target.path
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp").path
        // 0o666 and the umask give a new file the user's usual permissions; an existing file keeps its own.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure("Cannot write \(path)", errno) }
        var info = stat()
        if stat(path, &info) == 0 { fchmod(fd, info.st_mode & 0o7777) }
        let bytes = Array(text.utf8)
        var offset = 0
        var writeError: Int32 = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                writeError = errno
                break
            }
            offset += written
        }
        if writeError == 0, fsync(fd) != 0 { writeError = errno }
        close(fd)
        if writeError == 0, rename(temporary, path) != 0 { writeError = errno }
        guard writeError == 0 else {
            unlink(temporary)
            throw failure("Cannot write \(path)", writeError)
        }
        // The rename itself is durable only once the folder is synced.
        let folderFD = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// The config folder also holds accounts.json, so it is made 0700 like the token store makes it.
    private static func createFolder(_ folder: URL) throws(ConfigError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw ConfigError("Cannot write in \(folder.path): it is a file, not a folder.") }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ConfigError("Cannot create the folder \(folder.path): \((error as NSError).localizedDescription).")
        }
    }

    private static func failure(_ what: String, _ code: Int32) -> ConfigError {
        ConfigError("\(what): \(String(cString: strerror(code))).")
    }
}
