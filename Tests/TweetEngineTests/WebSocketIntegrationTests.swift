import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// The WebSocket transport end to end: real sockets through libcurl to mastodon-mock, made
/// WebSocket-only with its fault plane (the SSE paths answer 404, upgrades are untouched).
@Suite("WebSocket streaming against mastodon-mock", .timeLimit(.minutes(5)))
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

    @Test func theSocketPingsWhenQuietAndClosesPromptlyWhenCancelled() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let url = try #require(URL(string: mock.baseURL.absoluteString + "/api/v1/streaming?stream=user&access_token=ada_token"))
            let transport = LocalServer.curl()
            let stream = transport.openWebSocket(HTTPRequest(method: .get, url: url), sending: [], keepAlive: .milliseconds(300))
            let (heard, heardSignal) = AsyncStream.makeStream(of: WebSocketEvent.self)
            let reader = Task {
                do {
                    for try await event in stream { heardSignal.yield(event) }
                } catch {}
                heardSignal.finish()
            }
            var iterator = heard.makeAsyncIterator()
            #expect(await iterator.next() == .opened)
            // Nothing is posted: the only traffic is loowi's ping and the server's pong.
            #expect(await iterator.next() == .heard)
            let cancelled = ContinuousClock.now
            reader.cancel()
            while await iterator.next() != nil {}
            let took = ContinuousClock.now - cancelled
            #expect(took < .seconds(2), "the socket took \(took) to close")
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
