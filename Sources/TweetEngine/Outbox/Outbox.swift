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

    /// How many idempotency keys of posts this outbox published are remembered, so a draft
    /// that holds one (in another loowi's drafts) is known to be out, not offered as unsent.
    static let rememberedKeys = 100

    public init(path: String, now: Date = Date()) {
        self.path = path
        problem = Self.open(path, now: now)
    }

    /// The first read, under the edit lock: a damaged file is moved aside and the posts
    /// taken back from it are written into a new outbox before anyone reads it, so they wait
    /// to be sent again instead of sitting only in the copy.
    private static func open(_ path: String, now: Date) -> RecoverableFile.Problem? {
        // No file, nothing to take back: looking makes no folder and no lock file.
        if access(path, F_OK) != 0, errno == ENOENT { return nil }
        return FileLock.editing(path) { () -> RecoverableFile.Problem? in
            let (contents, problem) = read(path, now: now)
            guard case .recovered(let count, _, _) = problem, count > 0 else { return problem }
            do throws(AtomicFile.WriteError) {
                try write(contents, to: path)
                return problem
            } catch {
                return .untouchable(path: path, reason: error.reason)
            }
        }
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

    /// Idempotency keys of posts this outbox published lately (by any loowi on the account).
    public var publishedKeys: Set<String> { Set(Self.peek(path).publishedKeys) }

    /// Copies of damaged outbox files kept beside this one (`….json.unreadable-…`): posts in
    /// them may never have reached the server, so an empty outbox does not mean all went.
    public var keptAsideCopies: [String] {
        let folder = path.deletingLastPathComponent
        let prefix = path.lastPathComponent + ".unreadable-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted().map { (folder.isEmpty ? "" : folder + "/") + $0 }
    }

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
            contents.publishedKeys = Array((contents.publishedKeys + [id]).suffix(Self.rememberedKeys))
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
                    let fd = FileLock.acquire(path + ".lock", blocking: false)
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
            FileLock.release(state.lock)
            state.lock = -1
        }
    }

    public func isBeingSent(_ id: String) -> Bool { sending.withLock { $0.ids.contains(id) } }

    // MARK: The file

    struct Contents: Codable {
        var items: [OutboxItem] = []
        var published: [String] = []
        var publishedKeys: [String] = []
    }

    /// Read, change, write, under `PATH.edit.lock` (held only for this), so two processes'
    /// changes never overwrite each other. A file damaged meanwhile is kept aside and what
    /// could be read of it is written back with the change.
    private func edit(_ change: (inout Contents) -> Void) throws(AtomicFile.WriteError) {
        if case .untouchable(let path, let reason) = problem { throw AtomicFile.WriteError(path: path, reason: reason) }
        let path = self.path
        try FileLock.editing(path) { () throws(AtomicFile.WriteError) in
            var (contents, problem) = Self.read(path)
            if case .untouchable(let path, let reason) = problem { throw AtomicFile.WriteError(path: path, reason: reason) }
            change(&contents)
            try Self.write(contents, to: path)
        }
    }

    private static func write(_ contents: Contents, to path: String) throws(AtomicFile.WriteError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do {
            data = try encoder.encode(contents)
        } catch {
            throw AtomicFile.WriteError(path: path, reason: .cannotEncode)
        }
        try AtomicFile.write(data, to: path, permissions: .ownerOnly)
    }

    /// The file as it is, read leniently with no side effects: looking is frequent, and
    /// only `init` and a change keep an unreadable file aside. A damaged file shows what can
    /// still be read of it.
    private static func peek(_ path: String) -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else { return Contents() }
        if let file = try? decoder.decode(LenientFile.self, from: data) { return file.contents }
        return salvage(data).contents
    }

    private static func read(_ path: String, now: Date = Date()) -> (contents: Contents, problem: RecoverableFile.Problem?) {
        let (loaded, problem) = RecoverableFile.read(path, now: now) { data in
            let file = try decoder.decode(LenientFile.self, from: data)
            return (file.contents, file.items.count - file.contents.items.count)
        } salvage: { data in
            let found = salvage(data)
            return (found.contents, found.contents.items.count, found.unreadable)
        }
        return (loaded ?? Contents(), problem)
    }

    /// The items still readable in a damaged file, and the lists of what it published when
    /// they are whole (they keep reconciliation from taking another post for this one).
    private static func salvage(_ data: Data) -> (contents: Contents, unreadable: Int) {
        let found = JSONSalvage.entries(in: data, marker: "\"queuedAt\"") { try? decoder.decode(OutboxItem.self, from: $0) }
        var items: [OutboxItem] = []
        for item in found.entries where !items.contains(where: { $0.id == item.id }) { items.append(item) }
        let published = JSONSalvage.stringList(named: "published", in: data) ?? []
        let keys = JSONSalvage.stringList(named: "publishedKeys", in: data) ?? []
        return (Contents(items: items, published: published, publishedKeys: keys), found.unreadable)
    }

    private struct LenientFile: Decodable {
        let items: [Lenient<OutboxItem>]
        let published: [String]?
        let publishedKeys: [String]?

        var contents: Contents {
            Contents(items: items.compactMap(\.value), published: published ?? [], publishedKeys: publishedKeys ?? [])
        }
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
