import FoundationEssentials
import LoowiSupport
import Synchronization

/// A transport that answers from a closure and records every request it was given.
/// Public so the app's own tests and the benchmark can run the engine without a network.
public final class StubTransport: StreamingTransport, WebSocketTransport {
    public typealias Responder = @Sendable (HTTPRequest) throws -> HTTPResponse
    /// Scripts one stream connection: the chunks to deliver, then how it ends (nil: closed).
    public typealias StreamScript = @Sendable (HTTPRequest, _ attempt: Int) -> (chunks: [StreamChunk], end: (any Error)?)
    /// Scripts one WebSocket connection: its events, then how it ends (nil: closed).
    public typealias SocketScript = @Sendable (HTTPRequest, _ attempt: Int) -> (events: [WebSocketEvent], end: (any Error)?)

    private struct State {
        var requests: [HTTPRequest] = []
        var streamAttempts = 0
        var socketAttempts = 0
        var socketMessages: [String] = []
    }

    private let state = Mutex(State())
    private let responder: Responder
    private let streamScript: StreamScript?
    private let socketScript: SocketScript?

    public init(streamScript: StreamScript? = nil, socketScript: SocketScript? = nil, responder: @escaping Responder) {
        self.responder = responder
        self.streamScript = streamScript
        self.socketScript = socketScript
    }

    /// What was sent on WebSocket connections once open (subscriptions), in order.
    public var socketMessages: [String] { state.withLock { $0.socketMessages } }

    /// Every request sent so far, in order (stream openings included).
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }
    public var requestCount: Int { state.withLock { $0.requests.count } }
    /// Forgets the requests recorded so far (the scripts' attempt counts go on).
    public func resetRequests() { state.withLock { $0.requests.removeAll() } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        state.withLock { $0.requests.append(request) }
        return try responder(request)
    }

    public func openStream(_ request: HTTPRequest) -> AsyncThrowingStream<StreamChunk, any Error> {
        let attempt = state.withLock { state -> Int in
            state.requests.append(request)
            state.streamAttempts += 1
            return state.streamAttempts
        }
        let script = streamScript?(request, attempt) ?? (chunks: [], end: TransportError.couldNotConnect)
        return AsyncThrowingStream { continuation in
            for chunk in script.chunks { continuation.yield(chunk) }
            continuation.finish(throwing: script.end)
        }
    }
}

extension StubTransport {
    /// Without a script, the server has no WebSocket either (the upgrade answers 404).
    public func openWebSocket(_ request: HTTPRequest, sending messages: [String], keepAlive: Duration) -> WebSocketStream {
        let attempt = state.withLock { state -> Int in
            state.requests.append(request)
            state.socketAttempts += 1
            return state.socketAttempts
        }
        let script = socketScript?(request, attempt) ?? (events: [.refused(status: 404, body: Data())], end: nil)
        if script.events.first == .opened { state.withLock { $0.socketMessages += messages } }
        return WebSocketStream(AsyncThrowingStream { continuation in
            for event in script.events { continuation.yield(event) }
            continuation.finish(throwing: script.end)
        })
    }
}

extension HTTPResponse {
    /// A JSON response, for stubs.
    public static func json(
        _ text: String, status: Int = 200, headers: [HTTPHeader] = [], url: URL
    ) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [HTTPHeader(name: "Content-Type", value: "application/json")] + headers,
            body: Data(text.utf8), url: url)
    }
}
