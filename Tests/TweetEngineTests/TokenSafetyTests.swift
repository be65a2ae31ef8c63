import Foundation
import Testing
@testable import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 35, item 11: a token that cannot be a header sends nothing; the token goes only to
/// the account's own origin; a damaged accounts.json is named, set aside, and a new login saves.
@Suite(.timeLimit(.minutes(5))) struct TokenSafetyTests {
    @Test(arguments: ["abc\r\nX-Injected: 1", "abc\n", "a\u{7F}b", "tab\there", "c1\u{85}"])
    func aTokenWithAControlCharacterSendsNothing(token: String) async throws {
        let transport = StubTransport { request in .json(#"{"domain":"mastodon.example"}"#, url: request.url) }
        let engine = TweetEngine(transport: transport, clock: ManualClock(), tokenStore: InMemoryTokenStore())
        engine.use(Credentials(server: StubServer.server, accessToken: token))
        await #expect(throws: EngineError.tokenUnusable) { _ = try await engine.verifyCredentials() }
        await #expect(throws: EngineError.tokenUnusable) { _ = try await engine.readStream(.user, onOpen: {}, onBytes: {}, onEvent: { _ in }) }
        #expect(transport.requestCount == 0)
        // LOOWI_TOKEN is refused when it is read, before a command makes any request.
        #expect(throws: EngineError.tokenUnusable) { try Credentials(server: StubServer.server, accessToken: token).accessToken.check() }
    }

    @Test func theTokenGoesOnlyToTheAccountsOwnOrigin() throws {
        let credentials = Credentials(server: URL(string: "http://127.0.0.1:4000")!, accessToken: "t")
        #expect(try TweetEngine.authorization(credentials, for: URL(string: "http://127.0.0.1:4000/api/v1/streaming/user")!) == "Bearer t")
        #expect(throws: EngineError.transport(.redirectToOtherHost("127.0.0.1"))) {
            try TweetEngine.authorization(credentials, for: URL(string: "http://127.0.0.1:4001/api/v1/streaming/user")!)
        }
        // A streaming address on another port (or a subdomain) is not used: the server's own is.
        #expect(TweetEngine.streamingBase("ws://127.0.0.1:4001", server: credentials.server) == nil)
        #expect(TweetEngine.streamingBase("wss://streaming.example.social", server: URL(string: "https://example.social")!) == nil)
        #expect(TweetEngine.streamingBase("wss://example.social:8443", server: URL(string: "https://example.social")!) == nil)
        #expect(TweetEngine.streamingBase("wss://example.social:443", server: URL(string: "https://example.social")!)?.host == "example.social")
    }

    @Test func aStreamOnAnotherPortIsNotGivenTheToken() async throws {
        let transport = StubTransport(streamScript: { _, _ in (chunks: [], end: nil) }) { request in
            .json(#"{"domain":"127.0.0.1:4000","configuration":{"urls":{"streaming":"ws://127.0.0.1:4001"}}}"#, url: request.url)
        }
        let engine = TweetEngine(transport: transport, clock: ManualClock(), tokenStore: InMemoryTokenStore())
        engine.use(Credentials(server: URL(string: "http://127.0.0.1:4000")!, accessToken: "secret"))
        _ = try await engine.instanceLimits()
        _ = try? await engine.readStream(.user, onOpen: {}, onBytes: {}, onEvent: { _ in })
        let opened = try #require(transport.requests.last)
        #expect(opened.url.path == "/api/v1/streaming/user")
        #expect(opened.url.port == 4000)
    }

    @Test func aDamagedAccountsFileIsNamedSetAsideAndANewLoginSaves() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("loowi-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("accounts.json")
        let damaged = Data(#"{"accounts":[{"server":"https://a.example","accessToken":"old"#.utf8)
        try damaged.write(to: file)
        chmod(file.path, 0o600)
        let store = FileTokenStore(fileURL: file)
        var keptAt = ""
        do {
            _ = try store.loadAll()
            Issue.record("a damaged file was read as accounts")
        } catch let EngineError.tokenFileDamaged(path, kept) {
            #expect(path == file.path)
            keptAt = kept
        }
        #expect(keptAt.hasPrefix(file.path + ".unreadable-"))
        #expect(FileManager.default.contents(atPath: keptAt) == damaged)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try store.loadAll().isEmpty)

        // Damaged again, then a login: the new token is saved, the damaged file kept aside.
        try damaged.write(to: file)
        chmod(file.path, 0o600)
        try store.save(StubServer.credentials())
        #expect(try store.loadAll() == [StubServer.credentials()])
        let kept = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix("accounts.json.unreadable-") }
        #expect(kept.count == 2)
    }

    @Test func theNewMessagesAreHeardInEnglishAndSpanish() {
        #expect(EngineError.tokenUnusable.spoken(in: .english).text
            == "The token holds a line break or another control character, so loowi sent nothing with it. Copy the token again, on one line, or log in again.")
        #expect(EngineError.tokenUnusable.spoken(in: .spanish).text
            == "El token contiene un salto de línea u otro carácter de control, así que loowi no ha enviado nada con él. Vuelve a copiar el token, en una sola línea, o inicia sesión de nuevo.")
        let damaged = EngineError.tokenFileDamaged(path: "/h/.config/loowi/accounts.json", keptAt: "/h/.config/loowi/accounts.json.unreadable-5")
        #expect(damaged.spoken(in: .english).text
            == "The login file /h/.config/loowi/accounts.json was damaged; loowi set it aside as /h/.config/loowi/accounts.json.unreadable-5. Log in again to save a new token.")
        #expect(damaged.spoken(in: .spanish).text
            == "El archivo de sesión /h/.config/loowi/accounts.json estaba dañado; loowi lo ha apartado como /h/.config/loowi/accounts.json.unreadable-5. Inicia sesión de nuevo para guardar un token nuevo.")
        #expect(!damaged.spoken(in: .english).text.contains("yours"))
    }
}
