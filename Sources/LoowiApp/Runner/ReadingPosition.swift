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
/// still reads) and the other buffers under `buffers`, each with its own time: where to resume
/// (the focused item). What was heard is apart (issue 35, item 12), under `marks` for the
/// buffers with a server marker: the mark the marker holds, when, and the items heard above
/// it. A buffer without a mark here was saved when the focus was the marker, so its spot is
/// the mark too.
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
        var marks: [String: Mark]?
    }

    /// A buffer's mark, when it was saved, and the items heard above it (nearest it first).
    private struct Mark: Codable {
        var id: String
        var at: Date
        var heard: [String]?
    }

    /// At most this many heard items are kept above a mark: a reader far ahead of the run
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

    /// A buffer's mark, the items heard above it and when it was saved (which says whether a
    /// server marker is more recent); nil when nothing was saved.
    func loadHeard(_ buffer: Buffer) -> (heard: HeardPosts, at: Date)? {
        guard let contents = read() else { return nil }
        if let mark = contents.marks?[buffer.fileKey] {
            guard Self.isID(mark.id) else { return nil }
            return (HeardPosts(mark: mark.id, heard: (mark.heard ?? []).prefix(Self.heardKept).filter(Self.isID)), mark.at)
        }
        return load(buffer).map { (HeardPosts(mark: $0.id), $0.at) }
    }

    /// Saves a buffer's mark and the items heard above it (`heard`, nearest the mark first),
    /// keeping the rest of the file.
    func save(read mark: String, heard: [String], for buffer: Buffer, at date: Date) {
        guard Self.isID(mark) else { return }
        var contents = read() ?? Contents()
        var marks = contents.marks ?? [:]
        marks[buffer.fileKey] = Mark(id: mark, at: date, heard: heard.isEmpty ? nil : Array(heard.filter(Self.isID).prefix(Self.heardKept)))
        contents.marks = marks
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
