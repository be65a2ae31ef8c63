import Foundation
import Synchronization
import Testing
@testable import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.timeLimit(.minutes(5))) struct StreamingUnitTests {
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

    /// Home answers `min_id` requests with the posts above it from `ids`; notifications are empty.
    private static func rest(home ids: [Int]) -> StubTransport.Responder {
        { request in
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let minID = items.first { $0.name == "min_id" }.flatMap { $0.value.flatMap(Int.init) } ?? 0
            guard request.url.path == "/api/v1/timelines/home" else { return .json("[]", url: request.url) }
            let above = ids.filter { $0 > minID }.sorted(by: >)
            return .json("[" + above.map { StubServer.statusJSON(id: $0) }.joined(separator: ",") + "]", url: request.url)
        }
    }

    private static let notFound: [StreamChunk] = [.head(status: 404, headers: []), .bytes(Data(#"{"error":"Not found"}"#.utf8))]

    @Test func aServerWithoutStreamingIsPolledFromTheCursorAndSaysSoOnce() async throws {
        let transport = StubTransport(streamScript: { _, _ in (Self.notFound, nil) }, responder: Self.rest(home: [5, 7]))
        let clock = ManualClock()
        let engine = StubServer.engine(transport: transport, clock: clock)
        var received: [LiveEvent] = []
        for await event in engine.liveUpdates(since: LiveCursor(home: "5", notifications: "3"), pollEvery: .seconds(90)) {
            received.append(event)
            if received.count == 2 { break }
        }
        #expect(received.first == .polling(every: .seconds(90)))
        guard case .update(let status) = received.last else { Issue.record("the poll brought nothing: \(received)"); return }
        #expect(status.id == "7")
        #expect(clock.sleeps.first == .seconds(90))
        let home = try #require(transport.requests.first { $0.url.path == "/api/v1/timelines/home" })
        #expect(home.url.query?.contains("min_id=5") == true)
        #expect(EngineError.streamingUnavailable.spoken(in: .english).text
            == "This server does not send live updates. Refresh the timeline to see new posts.")
    }

    @Test func reconnectsWithJitteredBackoffSaysTheOutageOnceAndFillsTheGapBeforeNewEvents() async throws {
        let update = "event: update\ndata: \(StubServer.statusJSON(id: 7))\n\n"
        let userAttempts = Mutex(0)
        let transport = StubTransport(streamScript: { request, _ in
            if request.url.path == "/api/v1/streaming/direct" { return (Self.notFound, nil) }
            let attempt = userAttempts.withLock { $0 += 1; return $0 }
            let open = StreamChunk.head(status: 200, headers: [])
            switch attempt {
            case 1: return ([open, .bytes(Data(":connected\n\n\(update)".utf8))], TransportError.connectionLost)
            case 2: return ([], TransportError.couldNotConnect)
            case 3: return ([open, .bytes(Data("event: delete\ndata: 7\n\nevent: announcement\ndata: {}\n\nevent: update\ndata: {not json\n\n".utf8))], nil)
            default: return ([.head(status: 401, headers: []), .bytes(Data(#"{"error":"The access token was revoked"}"#.utf8))], nil)
            }
        }, responder: Self.rest(home: [7, 8]))
        let clock = ManualClock()
        let engine = StubServer.engine(transport: transport, clock: clock)
        var received: [LiveEvent] = []
        for await event in engine.liveUpdates(since: LiveCursor(home: "6", notifications: "1")) { received.append(event) }
        let revoked = EngineError.http(status: 401, message: "The access token was revoked")
        guard received.count == 6 else { Issue.record("\(received)"); return }
        #expect(received[0] == .started)
        if case .update(let status) = received[1] { #expect(status.id == "7") } else { Issue.record("expected the update") }
        // The first break was mended by nothing: the second failure in a row is said, once.
        #expect(received[2] == .stopped(.transport(.couldNotConnect)))
        // The return brings what arrived above the newest post heard (8), before the new events.
        guard case .restored(let missed) = received[3] else { Issue.record("expected the return"); return }
        #expect(missed.statuses.map(\.id) == ["8"])
        // The unknown event and the malformed JSON were skipped.
        #expect(received[4] == .delete(statusID: "7"))
        #expect(received[5] == .ended(revoked))
        // Each wait is in its backoff step's upper half, 1 s at the least: 1 s, 1-2 s, then 1 s
        // again after a success.
        let sleeps = clock.sleeps
        #expect(sleeps.count == 3)
        let steps: [Duration] = [.seconds(1), .seconds(2), .seconds(1)]
        for (sleep, step) in zip(sleeps, steps) { #expect(sleep >= max(.seconds(1), step / 2) && sleep <= step) }
        let gapAsk = try #require(transport.requests.first { $0.url.path == "/api/v1/timelines/home" })
        #expect(gapAsk.url.query?.contains("min_id=7") == true)
        // The direct stream was tried once, and left alone after its 404.
        #expect(transport.requests.filter { $0.url.path == "/api/v1/streaming/direct" }.count == 1)
        #expect(transport.requests.filter { $0.url.path.hasPrefix("/api/v1/streaming") }.allSatisfy {
            $0.header("Authorization") == "Bearer stub-token-123"
        })
    }

    /// The direct stream answers first and speaks before the user stream has opened (a loaded
    /// machine, a slow proxy): what it said waits for "started", in the order it came.
    @Test func whatTheDirectStreamSaysBeforeTheUserStreamOpensWaitsForStarted() async throws {
        let transport = DirectFirstTransport()
        let engine = TweetEngine(transport: transport, clock: ManualClock(), tokenStore: InMemoryTokenStore())
        engine.use(StubServer.credentials())
        var received: [LiveEvent] = []
        for await event in engine.liveUpdates(since: LiveCursor(home: "6", notifications: "1")) {
            received.append(event)
            if received.count == 3 { break }
        }
        #expect(received == [.started, .delete(statusID: "41"), .delete(statusID: "42")])
    }

    @Test func theStreamingAddressIsTrustedOnlyOnTheServersOwnHost() {
        let server = URL(string: "https://example.social")!
        // Issue 35: the token's origin only (a subdomain is another origin).
        #expect(TweetEngine.streamingBase("wss://streaming.example.social", server: server) == nil)
        #expect(TweetEngine.streamingBase("wss://example.social", server: server)?.absoluteString == "https://example.social")
        #expect(TweetEngine.streamingBase("wss://evil.example", server: server) == nil)
        #expect(TweetEngine.streamingBase("ws://example.social", server: server) == nil)
        #expect(TweetEngine.streamingBase("wss://notexample.social", server: server) == nil)
        #expect(TweetEngine.streamingBase("ws://127.0.0.1:4000", server: URL(string: "http://127.0.0.1:4000")!)?.absoluteString == "http://127.0.0.1:4000")
        #expect(TweetEngine.streamingBase(nil, server: server) == nil)
    }
}

/// The direct stream opens and says "delete 41"; only once that has been read does the user
/// stream answer 200, then say "delete 42". REST answers empty lists.
private final class DirectFirstTransport: StreamingTransport {
    private let user = AsyncThrowingStream<StreamChunk, any Error>.makeStream()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse { .json("[]", url: request.url) }

    func openStream(_ request: HTTPRequest) -> AsyncThrowingStream<StreamChunk, any Error> {
        guard request.url.path == "/api/v1/streaming/direct" else { return user.stream }
        let user = user.continuation
        let step = Mutex(0)
        return AsyncThrowingStream(unfolding: {
            switch step.withLock({ $0 += 1; return $0 }) {
            case 1: return .head(status: 200, headers: [])
            case 2: return .bytes(Data("event: delete\ndata: 41\n\n".utf8))
            default:
                // The reader asks for more only after passing "delete 41" on.
                user.yield(.head(status: 200, headers: []))
                user.yield(.bytes(Data("event: delete\ndata: 42\n\n".utf8)))
                try await Task.sleep(for: .seconds(3600))
                return nil
            }
        })
    }
}
