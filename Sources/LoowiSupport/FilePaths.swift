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
