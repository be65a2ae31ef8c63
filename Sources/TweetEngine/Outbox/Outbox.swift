import FoundationEssentials
import LoowiSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The posts waiting to be published, one private JSON file per account (0600, written
/// through the one atomic writer before each request). The file, not memory, is the truth:
/// the open app and a command can share it, so every change re-reads it under a lock and
/// merges by id. Read like the drafts: entry by entry, anything unreadable kept aside
/// (`problem`), never dropped in silence.
public final class Outbox: Sendable {
    public let path: String
    /// What went wrong when the file was first read (said once).
    public let problem: RecoverableFile.Problem?
    /// Items being delivered now, in this process: a second delivery of the same item (a
    /// background retry while Send is under way) must not start. While any is, this process
    /// holds an exclusive lock on `PATH.lock`, so the open app and `loowi outbox send` never
    /// deliver at the same time (the kernel drops the lock if loowi dies).
    private let sending = Mutex<(ids: Set<String>, lock: Int32)>(([], -1))

    /// How many ids of posts this outbox published are remembered, so reconciling never
    /// takes one of them for the post it looks for ("Thanks!" twice to the same post).
    static let rememberedPublished = 40

    public init(path: String, now: Date = Date()) {
        self.path = path
        problem = Self.read(path, now: now).problem
    }

    /// Waiting items, oldest first, as the file has them now.
    public var all: [OutboxItem] { Self.peek(path).items }

    public func item(id: String) -> OutboxItem? { all.first { $0.id == id } }

    /// The waiting item holding the same post, if any.
    public func item(holding draft: Draft, for recipient: OutboxItem.Recipient?) -> OutboxItem? {
        all.first { $0.holds(draft, for: recipient) }
    }

    /// Ids of posts this outbox published lately.
    var publishedIDs: [String] { Self.peek(path).published }

    /// Adds or replaces (same id) an item, and writes the file before returning.
    public func put(_ item: OutboxItem) throws(AtomicFile.WriteError) {
        try edit { contents in
            if let index = contents.items.firstIndex(where: { $0.id == item.id }) {
                contents.items[index] = item
            } else {
                contents.items.append(item)
            }
        }
    }

    public func remove(id: String) throws(AtomicFile.WriteError) {
        try edit { $0.items.removeAll { $0.id == id } }
    }

    /// The item was published as `statusID`: it leaves the outbox, and the id is remembered.
    func finish(id: String, statusID: String) throws(AtomicFile.WriteError) {
        try edit { contents in
            contents.items.removeAll { $0.id == id }
            contents.published = Array((contents.published + [statusID]).suffix(Self.rememberedPublished))
        }
    }

    // MARK: Delivery lock

    public enum Claim: Sendable, Equatable {
        case claimed
        /// This process is delivering the same item already.
        case alreadySending
        /// Another loowi is delivering for this account and did not finish in time.
        case busyElsewhere
        /// The item left the outbox meanwhile (sent or discarded elsewhere).
        case gone
    }

    /// Marks an item as being delivered. Waits up to `patience` for another loowi's
    /// delivery to end; then checks the item still waits in the file.
    func claim(_ id: String, patience: Duration = .seconds(15)) async -> Claim {
        let deadline = ContinuousClock.now + patience
        while true {
            let attempt: Claim? = sending.withLock { state in
                guard !state.ids.contains(id) else { return .alreadySending }
                if state.ids.isEmpty {
                    let fd = Self.lock(path + ".lock", blocking: false)
                    guard fd >= 0 else { return nil }
                    state.lock = fd
                }
                state.ids.insert(id)
                return .claimed
            }
            switch attempt {
            case .claimed?:
                guard item(id: id) != nil else {
                    release(id)
                    return .gone
                }
                return .claimed
            case let other?:
                return other
            case nil:
                guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(100))) != nil else {
                    return .busyElsewhere
                }
            }
        }
    }

    func release(_ id: String) {
        sending.withLock { state in
            guard state.ids.remove(id) != nil, state.ids.isEmpty, state.lock >= 0 else { return }
            close(state.lock)
            state.lock = -1
        }
    }

    public func isBeingSent(_ id: String) -> Bool { sending.withLock { $0.ids.contains(id) } }

    // MARK: The file

    struct Contents: Codable {
        var items: [OutboxItem] = []
        var published: [String] = []
    }

    /// Read, change, write, under `PATH.edit.lock` (held only for this), so two processes'
    /// changes never overwrite each other.
    private func edit(_ change: (inout Contents) -> Void) throws(AtomicFile.WriteError) {
        if case .untouchable(let path, let reason) = problem { throw AtomicFile.WriteError(path: path, reason: reason) }
        try AtomicFile.createFolder(path.deletingLastPathComponent)
        let fd = Self.lock(path + ".edit.lock", blocking: true)
        defer { if fd >= 0 { close(fd) } }
        var (contents, problem) = Self.read(path)
        if case .untouchable(let path, let reason) = problem { throw AtomicFile.WriteError(path: path, reason: reason) }
        change(&contents)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do {
            data = try encoder.encode(contents)
        } catch {
            throw AtomicFile.WriteError(path: path, reason: "cannot encode")
        }
        try AtomicFile.write(data, to: path, permissions: .ownerOnly)
    }

    /// The file as it is, read leniently with no side effects: looking is frequent, and
    /// only `init` and a change keep an unreadable file aside.
    private static func peek(_ path: String) -> Contents {
        guard let data = FileManager.default.contents(atPath: path), let file = try? decoder.decode(LenientFile.self, from: data) else {
            return Contents()
        }
        return Contents(items: file.items.compactMap(\.value), published: file.published ?? [])
    }

    private static func read(_ path: String, now: Date = Date()) -> (contents: Contents, problem: RecoverableFile.Problem?) {
        let (loaded, problem) = RecoverableFile.read(path, now: now) { data in
            let file = try decoder.decode(LenientFile.self, from: data)
            let readable = file.items.compactMap(\.value)
            return (Contents(items: readable, published: file.published ?? []), file.items.count - readable.count)
        }
        return (loaded ?? Contents(), problem)
    }

    private struct LenientFile: Decodable {
        let items: [Lenient<OutboxItem>]
        let published: [String]?
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// An exclusive `flock` on a private lock file; -1 when it cannot be had (`blocking`
    /// false) or opened.
    private static func lock(_ lockPath: String, blocking: Bool) -> Int32 {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return -1 }
        while flock(fd, LOCK_EX | (blocking ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            close(fd)
            return -1
        }
        return fd
    }
}
