import FoundationEssentials
import LoowiSupport

/// What a server said about itself (its post limits, its streaming address) and when: kept
/// between runs, so a start or a `loowi post` does not ask again within a day.
public struct InstanceSnapshot: Codable, Sendable, Equatable {
    public var limits: InstanceLimits
    public var streaming: String?
    public var fetchedAt: Date
    /// The transport the streaming API answered on (nil: not tried yet; absent in older files).
    public var streamingTransport: StreamingTransportChoice?

    public init(limits: InstanceLimits, streaming: String?, fetchedAt: Date, streamingTransport: StreamingTransportChoice? = nil) {
        self.limits = limits
        self.streaming = streaming
        self.fetchedAt = fetchedAt
        self.streamingTransport = streamingTransport
    }

    /// How long a snapshot is trusted: limits change rarely, and a wrong one only costs a
    /// character count the server then corrects.
    public static let lifetime: TimeInterval = 86_400

    /// Fresh: younger than a day, and not from the future (a clock set back, or a made-up file).
    func isFresh(at now: Date) -> Bool {
        let age = now.timeIntervalSince(fetchedAt)
        return age >= 0 && age < Self.lifetime
    }
}

/// Where instance snapshots are kept; the engine asks it before the server.
public protocol InstanceStore: Sendable {
    func load(server: URL) -> InstanceSnapshot?
    func save(_ snapshot: InstanceSnapshot, server: URL)
}

/// One small JSON file per server in a folder (loowi's cache folder); best effort both ways:
/// a missing or unreadable file means asking the server.
public struct InstanceFileStore: InstanceStore {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    func file(for server: URL) -> URL {
        let name = [server.host ?? "server", server.port.map(String.init)].compactMap { $0 }.joined(separator: "_")
        let safe = String(name.map { $0.isLetter || $0.isNumber || ".-_".contains($0) ? $0 : "_" })
        return folder.appendingPathComponent("instance-\(safe).json")
    }

    public func load(server: URL) -> InstanceSnapshot? {
        guard let data = try? Data(contentsOf: file(for: server)) else { return nil }
        return try? JSONDecoder().decode(InstanceSnapshot.self, from: data)
    }

    public func save(_ snapshot: InstanceSnapshot, server: URL) {
        guard let data = try? JSONEncoder().encode(snapshot) else { return }
        try? AtomicFile.write(data, to: file(for: server).path, permissions: .ownerOnly)
    }
}
