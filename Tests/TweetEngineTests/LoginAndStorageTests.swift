import Foundation
import Testing
@testable import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct CryptoTests {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func sha256StandardVectors() {
        #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000))) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func pkceMatchesRFC7636Example() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let fresh = PKCE.generate()
        #expect(fresh.verifier.count == 43)
        #expect(fresh.verifier != PKCE.generate().verifier)
        #expect(!fresh.verifier.contains("+") && !fresh.verifier.contains("/") && !fresh.verifier.contains("="))
    }

    @Test func serverAddresses() throws {
        #expect(try TweetEngine.serverURL(from: "mastodon.social").absoluteString == "https://mastodon.social")
        #expect(try TweetEngine.serverURL(from: " https://mastodon.social/ ").absoluteString == "https://mastodon.social")
        #expect(try TweetEngine.serverURL(from: "@ada@mastodon.social").absoluteString == "https://mastodon.social")
        #expect(try TweetEngine.serverURL(from: "http://127.0.0.1:3000").absoluteString == "http://127.0.0.1:3000")
        #expect(throws: EngineError.transport(.insecureURL("http://mastodon.social"))) {
            try TweetEngine.serverURL(from: "http://mastodon.social")
        }
    }
}

@Suite struct FileTokenStoreTests {
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

@Suite struct StreamingUnitTests {
    @Test func parserHandlesSplitsCommentsAndLineEndings() {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        let text = ":connected\n\nevent: update\ndata: {\"a\":\ndata: 1}\n\n:thump\r\n\r\nevent: delete\r\ndata: 42\r\rdata: plain\n\n"
        for byte in Array(text.utf8) { events += parser.feed(Data([byte])) }
        #expect(events == [
            ServerSentEvent(name: "update", data: "{\"a\":\n1}"), ServerSentEvent(name: "delete", data: "42"),
            ServerSentEvent(name: "message", data: "plain"),
        ])
    }

    @Test func parserKeepsMultibyteCharactersSplitAcrossChunks() {
        var parser = ServerSentEventParser()
        let bytes = Array("event: x\ndata: café 👩‍💻\n\n".utf8)
        var events: [ServerSentEvent] = []
        for chunk in stride(from: 0, to: bytes.count, by: 3) {
            events += parser.feed(Data(bytes[chunk..<min(chunk + 3, bytes.count)]))
        }
        #expect(events == [ServerSentEvent(name: "x", data: "café 👩‍💻")])
    }

    @Test func aServerWithoutStreamingEndsTheStreamAndSaysSo() async throws {
        let transport = StubTransport(streamScript: { _, _ in
            ([.head(status: 404, headers: []), .bytes(Data(#"{"error":"Not found"}"#.utf8))], nil)
        }, responder: { _ in throw TransportError.couldNotConnect })
        let clock = ManualClock()
        let engine = StubServer.engine(transport: transport, clock: clock)
        var received: [StreamEvent] = []
        for await event in engine.userStream() { received.append(event) }
        #expect(received == [.disconnected(.streamingUnavailable, reconnectIn: nil)])
        #expect(clock.sleeps.isEmpty)
        #expect(EngineError.streamingUnavailable.spoken(in: .english).text
            == "This server does not send live updates. Refresh the timeline to see new posts.")
    }

    @Test func reconnectsWithExponentialBackoffAndResetsAfterSuccess() async throws {
        let update = "event: update\ndata: \(StubServer.statusJSON(id: 7))\n\n"
        let transport = StubTransport(streamScript: { request, attempt in
            switch attempt {
            case 1, 2: return ([], TransportError.couldNotConnect)
            case 3: return ([.head(status: 200, headers: []), .bytes(Data(update.utf8))], TransportError.connectionLost)
            case 4: return ([.head(status: 200, headers: []), .bytes(Data("event: delete\ndata: 7\n\n".utf8))], nil)
            default: return ([.head(status: 401, headers: []), .bytes(Data(#"{"error":"The access token was revoked"}"#.utf8))], nil)
            }
        }, responder: { _ in throw TransportError.couldNotConnect })
        let clock = ManualClock()
        let engine = StubServer.engine(transport: transport, clock: clock, options: .init(streamBackoff: Backoff(initial: .seconds(1), maximum: .seconds(30))))
        var received: [StreamEvent] = []
        for await event in engine.userStream() { received.append(event) }
        #expect(received.count == 9)
        #expect(received[0] == .disconnected(.transport(.couldNotConnect), reconnectIn: .seconds(1)))
        #expect(received[1] == .disconnected(.transport(.couldNotConnect), reconnectIn: .seconds(2)))
        #expect(received[2] == .connected)
        if case .update(let status) = received[3] { #expect(status.id == "7") } else { Issue.record("expected an update") }
        // After a successful connection the backoff starts again from the initial delay.
        #expect(received[4] == .disconnected(.transport(.connectionLost), reconnectIn: .seconds(1)))
        #expect(received[5] == .connected)
        #expect(received[6] == .delete(statusID: "7"))
        #expect(received[7] == .disconnected(.transport(.connectionLost), reconnectIn: .seconds(1)))
        #expect(received[8] == .disconnected(.http(status: 401, message: "The access token was revoked"), reconnectIn: nil))
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(1), .seconds(1)])
        #expect(transport.requests.allSatisfy { $0.header("Authorization") == "Bearer stub-token-123" && $0.url.path == "/api/v1/streaming/user" })
    }
}
