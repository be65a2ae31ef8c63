import FoundationEssentials
import LoowiSupport
import Synchronization

/// A transport that answers from a closure and records every request it was given.
/// Public so the app's own tests and the benchmark can run the engine without a network.
public final class StubTransport: StreamingTransport {
    public typealias Responder = @Sendable (HTTPRequest) throws -> HTTPResponse
    /// Scripts one stream connection: the chunks to deliver, then how it ends (nil: closed).
    public typealias StreamScript = @Sendable (HTTPRequest, _ attempt: Int) -> (chunks: [StreamChunk], end: (any Error)?)

    private struct State {
        var requests: [HTTPRequest] = []
        var streamAttempts = 0
    }

    private let state = Mutex(State())
    private let responder: Responder
    private let streamScript: StreamScript?

    public init(streamScript: StreamScript? = nil, responder: @escaping Responder) {
        self.responder = responder
        self.streamScript = streamScript
    }

    /// Every request sent so far, in order (stream openings included).
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }
    public var requestCount: Int { state.withLock { $0.requests.count } }

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
