#if canImport(Glibc)
    import Glibc
#endif

/// Path arithmetic on plain strings, as `NSString`'s path methods did (which live in corelibs
/// Foundation): "/a/b/c.txt" has the last component "c.txt" in the folder "/a/b".
extension String {
    /// The part after the last "/" (trailing slashes ignored): "c.txt"; "/" for "/".
    public var lastPathComponent: String {
        let trimmed = withoutTrailingSlashes
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The folder holding the path (trailing slashes ignored): "/a/b"; "/" for "/a"; "" for "a".
    public var deletingLastPathComponent: String {
        let trimmed = withoutTrailingSlashes
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The two joined by exactly one "/".
    public func appendingPathComponent(_ component: String) -> String {
        if isEmpty { return component }
        return (hasSuffix("/") ? self : self + "/") + component.drop { $0 == "/" }
    }

    private var withoutTrailingSlashes: String {
        var result = self
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }
}

/// The user's home folder: `$HOME`, else the password database's entry (what
/// `NSHomeDirectory()` answered), else "/".
public func homeDirectory(environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    if let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir { return String(cString: folder) }
    return "/"
}

/// Whether `path` names a folder (following links), with `stat`: `FileManager`'s
/// `fileExists(atPath:isDirectory:)` takes an `ObjCBool`, which FoundationEssentials lacks.
public func isFolder(atPath path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// A folder's entries with whether each is a folder, or nil when it cannot be read. The
/// kind comes from the directory entry itself (`d_type`), so a folder of thousands of files
/// costs no `stat` per file; only links and file systems that do not say are asked.
public func folderEntries(atPath folder: String) -> [(name: String, isFolder: Bool)]? {
    guard let stream = opendir(folder) else { return nil }
    defer { closedir(stream) }
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    var entries: [(name: String, isFolder: Bool)] = []
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        let kind = Int32(entry.pointee.d_type)
        let folderFlag = kind == Int32(DT_DIR) || ((kind == Int32(DT_LNK) || kind == Int32(DT_UNKNOWN)) && isFolder(atPath: base + name))
        entries.append((name, folderFlag))
    }
    return entries
}
