import Foundation
import Synchronization
import Testing
@testable import TweetEngine
import LoowiSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The WebSocket transport end to end: real sockets through libcurl to mastodon-mock, made
/// WebSocket-only with its fault plane (the SSE paths answer 404, upgrades are untouched).
/// Serialized: one mock at a time, so this suite adds one server, not five, to the many the
/// other suites start at once on a loaded machine.
@Suite("WebSocket streaming against mastodon-mock", .serialized, .timeLimit(.minutes(5)))
struct WebSocketIntegrationTests {
    static let sseGone = #"{"match":{"path_regex":"^/api/v1/streaming"},"effect":{"type":"status","status":404}}"#

    final class MemoryStore: InstanceStore {
        private let kept = Mutex<[URL: InstanceSnapshot]>([:])
        func load(server: URL) -> InstanceSnapshot? { kept.withLock { $0[server] } }
        func save(_ snapshot: InstanceSnapshot, server: URL) { kept.withLock { $0[server] = snapshot } }
    }

    @Test func aMentionArrivesLiveOverTheWebSocketWhenServerSentEventsAreGone() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            try await mock.control(.post, "/api/v1/_mock/faults", json: Self.sseGone)
            let store = MemoryStore()
            var options = TweetEngine.Options(streamBackoff: Backoff(initial: .milliseconds(500)))
            options.instanceStore = store
            let ada = mock.engine(token: "ada_token", options: options)
            let grace = mock.engine(token: "grace_token")
            let text = "Over the socket \(UUID().uuidString.prefix(8))"
            let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
            let seen = try await withThrowingTaskGroup(of: [LiveEvent]?.self) { group in
                group.addTask {
                    var seen: [LiveEvent] = []
                    for await event in ada.liveUpdates(since: LiveCursor()) {
                        seen.append(event)
                        if event == .started { startedSignal.yield() }
                        if case .ended(let error) = event { throw error }
                        if case .notification(let n) = event, n.status?.text().contains(text) == true { return seen }
                    }
                    return nil
                }
                group.addTask {
                    for await _ in started { break }
                    _ = try await grace.post(Draft(text: "@ada \(text)"))
                    try await Task.sleep(for: .seconds(30))
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first
            }
            let events = try #require(seen, "the mention never arrived live")
            #expect(events.first == .started)
            #expect(!events.contains { if case .polling = $0 { true } else { false } })
            #expect(!events.contains { if case .stopped = $0 { true } else { false } })
            // The mock takes the token only in the query: asked with the header first, then so.
            #expect(ada.streamingChoice == .webSocketQueryToken)
            #expect(store.load(server: mock.baseURL)?.streamingTransport == .webSocketQueryToken)
        }
    }

    @Test func theSocketPingsWhenQuiet() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let url = try #require(URL(string: mock.baseURL.absoluteString + "/api/v1/streaming?stream=user&access_token=ada_token"))
            let stream = LocalServer.curl().openWebSocket(HTTPRequest(method: .get, url: url), sending: [], keepAlive: .milliseconds(300))
            var events: [WebSocketEvent] = []
            // Nothing is posted: the only traffic is loowi's ping and the server's pong.
            for try await event in stream {
                events.append(event)
                if events.count == 2 { break }
            }
            #expect(events == [.opened, .heard])
        }
    }

    /// The thread waits in poll() for two minutes (the keep-alive), yet a cancelled reader
    /// closes the socket at once: the server sees the close frame. (The bound is a hang check
    /// for a loaded machine; the time is printed.)
    @Test func cancellingTheReaderClosesTheSocketWithoutWaitingForTheKeepAlive() async throws {
        let listener = try LoopbackListener()
        defer { listener.close() }
        let closeSeen = Mutex<ContinuousClock.Instant?>(nil)
        let (served, servedSignal) = AsyncStream.makeStream(of: Void.self)
        try BlockingThread.start {
            guard let client = listener.accept() else { return }
            defer { Glibc.close(client) }
            let head = String(decoding: LoopbackListener.readHead(client), as: UTF8.self)
            let key = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                .map { String($0.dropFirst("sec-websocket-key:".count)).trimmed() } ?? ""
            _ = LoopbackListener.send(client, Array(
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(WebSocketHandshake.accept(for: key))\r\n\r\n".utf8))
            servedSignal.yield()
            // The client's first frame after the upgrade is its close (opcode 8, masked).
            var first: UInt8 = 0
            if Glibc.read(client, &first, 1) == 1, first & 0x0F == 8 { closeSeen.withLock { $0 = .now } }
            servedSignal.finish()
        }
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/api/v1/streaming?stream=user"))
        let stream = LocalServer.curl().openWebSocket(HTTPRequest(method: .get, url: url), sending: [], keepAlive: .seconds(120))
        // The reader waits for the next event, as live updates do.
        let (opened, openedSignal) = AsyncStream.makeStream(of: Void.self)
        let reader = Task {
            for try await event in stream where event == .opened { openedSignal.yield() }
        }
        var waiting = served.makeAsyncIterator()
        _ = await waiting.next()
        // Cancelled once the client has checked the upgrade (before, it just drops the socket).
        for await _ in opened { break }
        let cancelled = ContinuousClock.now
        reader.cancel()
        _ = await waiting.next()
        let seen = try #require(closeSeen.withLock { $0 }, "the server never saw a close frame")
        let took = seen - cancelled
        print("cancel to close frame: \(took)")
        #expect(took < .seconds(30))
    }

    /// Over TLS, the WebSocket's connection is libcurl's with the same rules as every request:
    /// an untrusted certificate is refused before any byte of the upgrade (or the token) is
    /// sent; with the configured authority, the stream opens.
    @Test(.enabled(if: TestCertificates.available, "needs /usr/bin/openssl to make a test CA"))
    func overTLSTheCertificateIsVerifiedWithTheConfiguredAuthority() async throws {
        let certificates = try TestCertificates.make()
        defer { try? FileManager.default.removeItem(atPath: certificates.directory) }
        try await withServer({ try await LocalServer.startMock(tls: certificates) }) { mock in
            let url = try #require(URL(string: mock.baseURL.absoluteString + "/api/v1/streaming?stream=user&access_token=ada_token"))
            let untrusted = CurlTransport(configuration: .init(totalTimeout: .seconds(20)))
            await #expect(throws: TransportError.certificateNotTrusted) {
                for try await _ in untrusted.openWebSocket(HTTPRequest(method: .get, url: url), sending: [], keepAlive: .seconds(20)) {}
            }
            let trusted = CurlTransport(configuration: .init(certificateAuthorityFile: certificates.authority, totalTimeout: .seconds(20)))
            var first: WebSocketEvent?
            for try await event in trusted.openWebSocket(HTTPRequest(method: .get, url: url), sending: [], keepAlive: .seconds(20)) {
                first = event
                break
            }
            #expect(first == .opened)
        }
    }

    @Test func aRefusedUpgradeSaysItsStatus() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            // No WebSocket at this path: the server's 404 comes back as a refusal, not a hang.
            let url = try #require(URL(string: mock.baseURL.absoluteString + "/api/v1/timelines/home"))
            var events: [WebSocketEvent] = []
            for try await event in LocalServer.curl().openWebSocket(HTTPRequest(method: .get, url: url), sending: [], keepAlive: .seconds(20)) {
                events.append(event)
            }
            #expect(events.count == 1)
            if case .refused(let status, _) = events.first { #expect([403, 404].contains(status)) } else { Issue.record("got \(events)") }
        }
    }
}
