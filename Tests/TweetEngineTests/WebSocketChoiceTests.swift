import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// Which transport live updates use, without a network: server-sent events where they
/// answer, the WebSocket where they answer 404, the choice remembered per server.
@Suite(.timeLimit(.minutes(5))) struct WebSocketChoiceTests {
    static let notFound: [StreamChunk] = [.head(status: 404, headers: []), .bytes(Data(#"{"error":"Not found"}"#.utf8))]

    static func message(_ event: String, payload: String) -> WebSocketEvent {
        let quoted = String(decoding: try! JSONEncoder().encode(payload), as: UTF8.self)
        return .message(#"{"stream":["user"],"event":"\#(event)","payload":\#(quoted)}"#)
    }

    final class MemoryStore: InstanceStore {
        private let kept = Mutex<[URL: InstanceSnapshot]>([:])
        func load(server: URL) -> InstanceSnapshot? { kept.withLock { $0[server] } }
        func save(_ snapshot: InstanceSnapshot, server: URL) { kept.withLock { $0[server] = snapshot } }
    }

    static let instance = #"{"domain":"mastodon.example","title":"Example","version":"4.3.0","configuration":{"urls":{"streaming":"wss://mastodon.example"},"statuses":{"max_characters":500}}}"#

    static func rest(_ request: HTTPRequest) -> HTTPResponse {
        request.url.path.hasSuffix("/instance") ? .json(instance, url: request.url) : .json("[]", url: request.url)
    }

    @Test func serverSentEvents404ThenTheWebSocketCarriesTheEventsAndIsRememberedForTheNextStart() async throws {
        let transport = StubTransport(
            streamScript: { _, _ in (Self.notFound, nil) },
            socketScript: { _, attempt in
                (events: [.opened, Self.message("update", payload: StubServer.statusJSON(id: 10 + attempt)), .heard], end: nil)
            }, responder: Self.rest)
        let store = MemoryStore()
        var options = TweetEngine.Options()
        options.instanceStore = store
        let engine = StubServer.engine(transport: transport, clock: ManualClock(), options: options)
        var received: [LiveEvent] = []
        for await event in engine.liveUpdates(since: LiveCursor(home: "1", notifications: "1")) {
            received.append(event)
            if received.count == 2 { break }
        }
        #expect(received.first == .started)
        guard case .update(let status) = received.last else { Issue.record("no update: \(received)"); return }
        #expect(status.id == "11")
        #expect(engine.streamingChoice == .webSocket)
        #expect(store.load(server: StubServer.server)?.streamingTransport == .webSocket)
        let socket = try #require(transport.requests.first { $0.url.path == "/api/v1/streaming" })
        #expect(socket.url.query == "stream=user")
        #expect(socket.headers.contains { $0.name == "Authorization" && $0.value == "Bearer stub-token-123" })
        #expect(transport.socketMessages == [#"{"type":"subscribe","stream":"direct"}"#])

        // The next start (a new run: a new engine, the same cache) opens the WebSocket at once.
        let again = StubServer.engine(transport: transport, clock: ManualClock(), options: options)
        transport.resetRequests()
        for await event in again.liveUpdates(since: LiveCursor(home: "1", notifications: "1")) {
            if case .update = event { break }
        }
        let streams = transport.requests.map(\.url.path).filter { $0.contains("/streaming") }
        #expect(streams == ["/api/v1/streaming"])
    }

    @Test func aServerThatRefusesTheTokenInTheHeaderIsAskedWithItInTheQuery() async throws {
        let transport = StubTransport(
            streamScript: { _, _ in (Self.notFound, nil) },
            socketScript: { request, _ in
                guard request.url.query?.contains("access_token=stub-token-123") == true else {
                    return (events: [.refused(status: 401, body: Data(#"{"error":"Missing access token"}"#.utf8))], end: nil)
                }
                return (events: [.opened, Self.message("delete", payload: "42")], end: nil)
            }, responder: Self.rest)
        let engine = StubServer.engine(transport: transport)
        var received: [LiveEvent] = []
        for await event in engine.liveUpdates(since: LiveCursor(home: "1", notifications: "1")) {
            received.append(event)
            if received.count == 2 { break }
        }
        #expect(received == [.started, .delete(statusID: "42")])
        #expect(engine.streamingChoice == .webSocketQueryToken)
        let sockets = transport.requests.filter { $0.url.path == "/api/v1/streaming" }
        #expect(sockets.count == 2)
        // With the token in the query, it is not sent twice.
        #expect(!(sockets.last?.headers.contains { $0.name == "Authorization" } ?? true))
    }

    @Test func neitherTransportMeansPollingAsBefore() async throws {
        // The stub's WebSocket answers 404 too.
        let transport = StubTransport(streamScript: { _, _ in (Self.notFound, nil) }, responder: Self.rest)
        let engine = StubServer.engine(transport: transport)
        var received: [LiveEvent] = []
        for await event in engine.liveUpdates(since: LiveCursor(home: "1", notifications: "1"), pollEvery: .seconds(60)) {
            received.append(event)
            break
        }
        #expect(received == [.polling(every: .seconds(60))])
        #expect(transport.requests.contains { $0.url.path == "/api/v1/streaming" })
    }

    @Test func aDeclaredWebSocketAddressTriesTheWebSocketAfterAnOddAnswer() async throws {
        // 426 (Upgrade Required) from the SSE path of a server that names wss://: the WebSocket.
        let transport = StubTransport(
            streamScript: { _, _ in ([.head(status: 426, headers: [])], nil) },
            socketScript: { _, _ in (events: [.opened], end: nil) }, responder: Self.rest)
        let engine = StubServer.engine(transport: transport)
        for await event in engine.liveUpdates(since: LiveCursor(home: "1", notifications: "1")) {
            #expect(event == .started)
            break
        }
        #expect(engine.streamingChoice == .webSocket)
        #expect(engine.shouldTryWebSocket(after: .http(status: 426, message: nil)))
        #expect(!engine.shouldTryWebSocket(after: .http(status: 401, message: nil)))
        #expect(!engine.shouldTryWebSocket(after: .transport(.couldNotConnect)))
    }

    @Test func pollsThatFailAreSaidAtTheFirstAndTheReturnSaysWhatArrived() async throws {
        // Home asks: the first answers, the second and third fail, the fourth brings 3 posts.
        let homeAsks = Mutex(0)
        let transport = StubTransport(streamScript: { _, _ in (Self.notNow, nil) }) { request in
            if request.url.path.hasSuffix("/instance") { return .json("{}", url: request.url) }
            let ask = request.url.path == "/api/v1/timelines/home" ? homeAsks.withLock { $0 += 1; return $0 } : homeAsks.withLock { $0 }
            guard ask != 2, ask != 3 else { throw TransportError.couldNotConnect }
            guard ask == 4, request.url.path == "/api/v1/timelines/home" else { return .json("[]", url: request.url) }
            return .json("[" + [13, 12, 11].map { StubServer.statusJSON(id: $0) }.joined(separator: ",") + "]", url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        var received: [LiveEvent] = []
        for await event in engine.liveUpdates(since: LiveCursor(home: "10", notifications: "1"), pollEvery: .seconds(15)) {
            received.append(event)
            if case .reachable = event { break }
        }
        guard received.count == 3 else { Issue.record("\(received)"); return }
        #expect(received[0] == .polling(every: .seconds(15)))
        #expect(received[1] == .unreachable(.transport(.connectionLost)))
        guard case .reachable(let missed) = received[2] else { return }
        #expect(missed.statuses.map(\.id) == ["13", "12", "11"])
        // Said once each way: the third failed poll said nothing more.
        #expect(homeAsks.withLock { $0 } == 4)
    }

    @Test func aWebSocketRefusedAfterServerSentEvents404MeansPollingNotAnEnd() async throws {
        // Streaming switched off: the upgrade is closed with 1008, which arrives as 403.
        let transport = StubTransport(
            streamScript: { _, _ in (Self.notFound, nil) },
            socketScript: { _, _ in (events: [.refused(status: 403, body: Data())], end: nil) }, responder: Self.rest)
        let engine = StubServer.engine(transport: transport)
        for await event in engine.liveUpdates(since: LiveCursor(home: "1", notifications: "1"), pollEvery: .seconds(15)) {
            #expect(event == .polling(every: .seconds(15)))
            break
        }
    }

    static let notNow: [StreamChunk] = [.head(status: 404, headers: [])]
}
