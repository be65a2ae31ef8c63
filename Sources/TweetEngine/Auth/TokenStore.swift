import FoundationEssentials
import LoowiSupport
import Synchronization

/// Where logged-in accounts are kept (the engine's storage seam).
public protocol TokenStore: Sendable {
    func loadAll() throws -> [Credentials]
    /// Adds the credentials, replacing any saved for the same handle.
    func save(_ credentials: Credentials) throws
    func remove(handle: String) throws
}

/// A store that forgets everything when the process ends (tests, demo mode).
public final class InMemoryTokenStore: TokenStore {
    private let accounts = Mutex<[Credentials]>([])

    public init(_ initial: [Credentials] = []) { accounts.withLock { $0 = initial } }

    public func loadAll() throws -> [Credentials] { accounts.withLock { $0 } }

    public func save(_ credentials: Credentials) throws {
        accounts.withLock { list in
            list.removeAll { $0.handle == credentials.handle }
            list.append(credentials)
        }
    }

    public func remove(handle: String) throws {
        accounts.withLock { $0.removeAll { $0.handle == handle } }
    }
}
