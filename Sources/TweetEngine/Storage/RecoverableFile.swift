import FoundationEssentials
import LoowiSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a file of the user's entries (drafts, the outbox) without ever destroying one:
/// entries are decoded one by one; when some cannot be read the whole file is first copied
/// aside, and a file that cannot be read at all is moved aside, so the next write can only
/// lose what is kept elsewhere. The problem is returned for the user to hear once.
public enum RecoverableFile {
    public enum Problem: Sendable, Equatable {
        /// The file could not be read at all; it was moved to `keptAt`.
        case movedAside(keptAt: String)
        /// `count` entries could not be read; a copy of the whole file is at `keptAt`.
        case someUnreadable(count: Int, keptAt: String)
        /// The file was not whole (not JSON any more); it was moved to `keptAt`, `count`
        /// entries were taken back from it and `unreadable` could not be.
        case recovered(count: Int, unreadable: Int, keptAt: String)
        /// The file could be neither read nor moved aside: it must not be written.
        case untouchable(path: String, reason: FileFailure)
    }

    /// `decode` returns what it could read and how many entries it could not; it throws when
    /// the file is not even the right shape. Then the file is moved aside whole, and `salvage`
    /// (when given) takes back the entries it can still find in it (`JSONSalvage`), with how
    /// many it could not read. A missing or empty file is `nil`, no problem.
    public static func read<T>(
        _ path: String, now: Date = Date(), decode: (Data) throws -> (T, unreadable: Int),
        salvage: ((Data) -> (T, count: Int, unreadable: Int))? = nil
    ) -> (T?, Problem?) {
        if access(path, F_OK) != 0, errno == ENOENT { return (nil, nil) }
        guard let data = FileManager.default.contents(atPath: path) else { return (nil, moveAside(path, now: now)) }
        if data.isEmpty { return (nil, nil) }
        guard let (value, unreadable) = try? decode(data) else {
            let problem = moveAside(path, now: now)
            // Only once the whole file is kept: the caller writes what was taken back over it.
            guard case .movedAside(let keptAt) = problem, let (value, count, unreadable) = salvage?(data), count + unreadable > 0 else {
                return (nil, problem)
            }
            return (value, .recovered(count: count, unreadable: unreadable, keptAt: keptAt))
        }
        guard unreadable > 0 else { return (value, nil) }
        do {
            let copy = try AtomicFile.copyAside(data, of: path, now: now)
            return (value, .someUnreadable(count: unreadable, keptAt: copy))
        } catch {
            return (value, .untouchable(path: path, reason: error.reason))
        }
    }

    private static func moveAside(_ path: String, now: Date) -> Problem {
        do {
            return .movedAside(keptAt: try AtomicFile.moveAside(path, now: now))
        } catch {
            return .untouchable(path: path, reason: error.reason)
        }
    }
}

/// One entry decoded on its own, so that one bad entry costs only itself.
public struct Lenient<Wrapped: Decodable>: Decodable {
    public let value: Wrapped?
    public init(from decoder: any Decoder) throws { value = try? Wrapped(from: decoder) }
}
