import Foundation
import Synchronization

/// The posts waiting to be published, one private JSON file per account (0600, written
/// through the one atomic writer before each request). Read like the drafts: entry by
/// entry, anything unreadable kept aside (`problem`), never dropped in silence.
public final class Outbox: Sendable {
    public let path: String
    public let problem: RecoverableFile.Problem?
    private let items: Mutex<[OutboxItem]>
    /// Items being delivered now, in this process: a second delivery of the same item (a
    /// background retry while Send is under way) must not start. While any is, this process
    /// holds an exclusive lock on `PATH.lock`, so `loowi outbox send` and the open app never
    /// deliver at the same time (the kernel drops the lock if loowi dies).
    private let sending = Mutex<(ids: Set<String>, lock: Int32)>(([], -1))

    public init(path: String, now: Date = Date()) {
        self.path = path
        let (loaded, problem) = RecoverableFile.read(path, now: now) { data in
            let entries = try Self.decoder.decode(File<Lenient<OutboxItem>>.self, from: data).items
            let readable = entries.compactMap(\.value)
            return (readable, entries.count - readable.count)
        }
        self.problem = problem
        items = Mutex(loaded ?? [])
    }

    /// Waiting items, oldest first.
    public var all: [OutboxItem] { items.withLock { $0 } }

    public func item(id: String) -> OutboxItem? { items.withLock { $0.first { $0.id == id } } }

    /// The waiting item holding the same post, if any.
    public func item(holding draft: Draft, for recipient: OutboxItem.Recipient?) -> OutboxItem? {
        items.withLock { $0.first { $0.holds(draft, for: recipient) } }
    }

    /// Marks an item as being delivered; false when it already is.
    func claim(_ id: String) -> Bool {
        sending.withLock { state in
            guard !state.ids.contains(id) else { return false }
            if state.ids.isEmpty {
                try? AtomicFile.createFolder((path as NSString).deletingLastPathComponent)
                let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
                guard fd >= 0 else { return false }
                guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                    close(fd)
                    return false
                }
                state.lock = fd
            }
            state.ids.insert(id)
            return true
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

    /// Adds or replaces (same id) an item, and writes the file before returning.
    public func put(_ item: OutboxItem) throws(AtomicFile.WriteError) {
        let snapshot = items.withLock { items -> [OutboxItem] in
            if let index = items.firstIndex(where: { $0.id == item.id }) {
                items[index] = item
            } else {
                items.append(item)
            }
            return items
        }
        try write(snapshot)
    }

    public func remove(id: String) throws(AtomicFile.WriteError) {
        let snapshot = items.withLock { items -> [OutboxItem]? in
            let before = items.count
            items.removeAll { $0.id == id }
            return items.count == before ? nil : items
        }
        if let snapshot { try write(snapshot) }
    }

    private func write(_ snapshot: [OutboxItem]) throws(AtomicFile.WriteError) {
        if case .untouchable(let path, let reason) = problem { throw AtomicFile.WriteError(path: path, reason: reason) }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do {
            data = try encoder.encode(File(items: snapshot))
        } catch {
            throw AtomicFile.WriteError(path: path, reason: "cannot encode")
        }
        try AtomicFile.write(data, to: path, permissions: .ownerOnly)
    }

    private struct File<Item: Codable>: Codable {
        let items: [Item]
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension Lenient: Encodable where Wrapped: Encodable {
    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
