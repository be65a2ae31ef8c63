import FoundationEssentials
import LoowiSupport
import TweetEngine

/// The item the user last had in focus on each buffer, one file per account beside the
/// timeline cache (`position-HANDLE.json`), so a start without server markers (a server
/// that has none, or no answer) still opens where the user was, and the buffers without a
/// server marker (Mentions, Sent, ...) open there at all. The time says which is more recent
/// when the server's marker differs.
///
/// The file keeps home at the top (`{"home": ID, "at": DATE}`, the first format, which this
/// still reads) and the other buffers under `buffers`, each with its own time. Home's `home`
/// is where to resume (the focused post); what was heard is apart (issue 35, item 12): `read`,
/// the mark its marker holds, and `heard`, the posts heard above it. A file without `read`
/// was written when the focus was the marker, so its `home` is the mark too.
public struct ReadingPosition: Sendable {
    public let file: URL

    /// The home timeline's position (the first format).
    public struct Saved: Sendable, Equatable {
        public var home: String
        public var at: Date
    }

    /// One buffer's focused item and when it was saved.
    public struct Spot: Sendable, Equatable, Codable {
        public var id: String
        public var at: Date
    }

    private struct Contents: Codable {
        var home: String?
        var at: Date?
        var buffers: [String: Spot]?
        var read: String?
        var readAt: Date?
        var heard: [String]?
    }

    /// At most this many heard posts are kept above the mark: a reader far ahead of the run
    /// loses only the oldest, which a new start then counts as new again.
    static let heardKept = 1_000

    public init(paths: AppPaths, account handle: String) {
        file = AppPaths.accountFile("position", handle: handle, in: paths.cache)
    }

    public init(file: URL) { self.file = file }

    /// The home timeline's position.
    public func load() -> Saved? {
        load(.home).map { Saved(home: $0.id, at: $0.at) }
    }

    /// Nothing, or a file or an entry that is not ours, is no position: the buffer opens at the newest.
    func load(_ buffer: Buffer) -> Spot? {
        guard let contents = read() else { return nil }
        let spot: Spot?
        if buffer == .home {
            spot = contents.home.flatMap { id in contents.at.map { Spot(id: id, at: $0) } }
        } else {
            spot = contents.buffers?[buffer.fileKey]
        }
        guard let spot, Self.isID(spot.id) else { return nil }
        return spot
    }

    /// Home's mark, the posts heard above it and when it was saved (which says whether a
    /// server marker is more recent); nil when nothing was saved.
    func loadHeard() -> (heard: HeardPosts, at: Date)? {
        guard let contents = read(), let mark = contents.read ?? contents.home, Self.isID(mark),
            let at = contents.read == nil ? contents.at : contents.readAt
        else { return nil }
        return (HeardPosts(mark: mark, heard: (contents.heard ?? []).prefix(Self.heardKept).filter(Self.isID)), at)
    }

    /// Saves home's mark and the posts heard above it (`heard`, nearest the mark first),
    /// keeping the rest of the file.
    func save(read mark: String, heard: [String], at date: Date) {
        guard Self.isID(mark) else { return }
        var contents = read() ?? Contents()
        contents.read = mark
        contents.readAt = date
        contents.heard = heard.isEmpty ? nil : Array(heard.filter(Self.isID).prefix(Self.heardKept))
        guard let data = try? JSONEncoder().encode(contents) else { return }
        try? PrivateFile.write(data, to: file)
    }

    /// Best effort: a position that cannot be written only costs where the next start opens.
    public func save(home id: String, at date: Date) {
        save([.home: id], at: date)
    }

    /// Saves these buffers' positions, keeping the others' as they were.
    func save(_ positions: [Buffer: String], at date: Date) {
        guard !positions.isEmpty else { return }
        var contents = read() ?? Contents()
        for (buffer, id) in positions where Self.isID(id) {
            if buffer == .home {
                contents.home = id
                contents.at = date
            } else {
                var buffers = contents.buffers ?? [:]
                buffers[buffer.fileKey] = Spot(id: id, at: date)
                contents.buffers = buffers
            }
        }
        guard let data = try? JSONEncoder().encode(contents) else { return }
        try? PrivateFile.write(data, to: file)
    }

    /// A file much larger than 1,000 heard posts and seven buffers take is not ours.
    private func read() -> Contents? {
        guard let data = try? Data(contentsOf: file), data.count < 131_072 else { return nil }
        return try? JSONDecoder().decode(Contents.self, from: data)
    }

    /// A Mastodon id as written here: short, letters and digits only.
    private static func isID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}

extension Buffer {
    /// The buffer's name in the position file; never changes.
    var fileKey: String {
        switch self {
        case .home: "home"
        case .notifications: "notifications"
        case .mentions: "mentions"
        case .directMessages: "directMessages"
        case .sent: "sent"
        case .favourites: "favourites"
        case .bookmarks: "bookmarks"
        }
    }
}
