import Foundation
import Testing
@testable import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.timeLimit(.minutes(5))) struct FileTokenStoreTests {
    func temporaryDirectory() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("loowi-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func savesWithMode0600InA0700FolderAndReadsBack() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = FileTokenStore.defaultLocation(environment: ["XDG_CONFIG_HOME": root.path, "HOME": "/nonexistent"])
        #expect(file.path == root.path + "/loowi/accounts.json")
        let store = FileTokenStore(fileURL: file)
        #expect(try store.loadAll().isEmpty)
        let credentials = StubServer.credentials()
        try store.save(credentials)
        #expect(mode(file.path) == 0o600)
        #expect(mode(file.deletingLastPathComponent().path) == 0o700)
        let loaded = try store.loadAll()
        #expect(loaded == [credentials])
        #expect(loaded.first?.accessToken.value == "stub-token-123")
        try store.save(credentials)
        #expect(try store.loadAll().count == 1)
        try store.remove(handle: credentials.handle)
        #expect(try store.loadAll().isEmpty)
    }

    @Test func refusesAFileOthersCanReadAndSaysHowToFixIt() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("accounts.json")
        let store = FileTokenStore(fileURL: file)
        try store.save(StubServer.credentials())
        chmod(file.path, 0o644)
        #expect(throws: EngineError.tokenFileInsecure(path: file.path)) { try store.loadAll() }
        #expect(throws: EngineError.tokenFileInsecure(path: file.path)) { try store.save(StubServer.credentials()) }
        let advice = EngineError.tokenFileInsecure(path: file.path).spoken(in: .english).advice
        #expect(advice == "To fix it, run: chmod 600 \(file.path)")
        chmod(file.path, 0o640)
        #expect(throws: EngineError.tokenFileInsecure(path: file.path)) { try store.loadAll() }
        chmod(file.path, 0o600)
        #expect(try store.loadAll().count == 1)
    }

    @Test func theEngineRestoresASavedSession() throws {
        let store = InMemoryTokenStore([StubServer.credentials()])
        let engine = TweetEngine(transport: StubTransport { _ in throw TransportError.couldNotConnect }, clock: ManualClock(), tokenStore: store)
        #expect(engine.credentials == nil)
        let restored = try engine.restoreSession()
        #expect(restored?.handle == "@ada@mastodon.example")
        #expect(engine.credentials == restored)
        try engine.forgetAccount(handle: "@ada@mastodon.example")
        #expect(engine.credentials == nil)
        #expect(try store.loadAll().isEmpty)
    }
}
