#if canImport(Glibc)
    import Glibc
#endif

/// Where loowi's data is: the hashtag word lists and the demo's people and posts. Found from
/// the running program, so one binary works wherever it was put:
/// - **installed**: `<prefix>/bin/loowi` reads `<prefix>/share/loowi`, as the Debian package
///   (`/usr`) and the tarball (any prefix) lay it out;
/// - **checkout**: a program built in a clone (`.build/release/loowi`) reads the clone, the
///   first folder above it that holds `Package.swift` and `Data/`.
/// Nothing is looked for in the current folder: what a program reads does not change with
/// where the user stands.
public struct DataDirectory: Sendable, Equatable {
    public enum Layout: Sendable, Equatable {
        case installed, checkout
    }

    /// What loowi reads from the folder.
    public enum File: Sendable, Equatable {
        /// A hashtag word list, by language code ("en", "es", "ca").
        case wordList(String)
        /// Emoji names from CLDR, by language code ("en", "es", "ca").
        case emojiNames(String)
        case demoSeed, demoLive
    }

    public let root: String
    public let layout: Layout

    public init(root: String, layout: Layout) {
        self.root = root
        self.layout = layout
    }

    /// The file's path. The checkout keeps the demo where its scripts and tests have always
    /// found it (`Demo/`); the installed tree names its folders in lowercase.
    public func path(_ file: File) -> String {
        let relative: String
        switch (file, layout) {
        case (.wordList(let code), .installed): relative = "wordlists/\(code).txt"
        case (.wordList(let code), .checkout): relative = "Data/wordlists/\(code).txt"
        case (.emojiNames(let code), .installed): relative = "emoji/\(code).txt"
        case (.emojiNames(let code), .checkout): relative = "Data/emoji/\(code).txt"
        case (.demoSeed, .installed): relative = "demo/seed.toml"
        case (.demoSeed, .checkout): relative = "Demo/seed.toml"
        case (.demoLive, .installed): relative = "demo/live.json"
        case (.demoLive, .checkout): relative = "Demo/live.json"
        }
        return root.appendingPathComponent(relative)
    }

    /// The folder holding the program (`executable`, links resolved), by the two rules above;
    /// nil when neither finds one (a binary copied alone somewhere).
    public static func locate(executable: String?, isFolder: (String) -> Bool = isFolder(atPath:), isFile: (String) -> Bool = DataDirectory.isFile)
        -> DataDirectory?
    {
        guard let executable, executable.hasPrefix("/") else { return nil }
        let bin = executable.deletingLastPathComponent
        let installed = bin.deletingLastPathComponent.appendingPathComponent("share/loowi")
        if isFolder(installed) { return DataDirectory(root: installed, layout: .installed) }
        var folder = bin
        while folder != "/" && !folder.isEmpty {
            if isFile(folder.appendingPathComponent("Package.swift")), isFolder(folder.appendingPathComponent("Data")) {
                return DataDirectory(root: folder, layout: .checkout)
            }
            folder = folder.deletingLastPathComponent
        }
        return nil
    }

    /// The running program's data folder, found once.
    public static let current: DataDirectory? = locate(executable: runningExecutable())

    /// The program running now, with links resolved (Linux: /proc/self/exe): `/usr/bin/loowi`
    /// reached through a link in `~/bin` is still `/usr/bin/loowi`.
    public static func runningExecutable() -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length], as: UTF8.self)
    }

    public static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
