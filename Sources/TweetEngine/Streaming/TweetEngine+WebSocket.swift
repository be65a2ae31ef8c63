import FoundationEssentials
import LoowiSupport

/// How a server's streaming API answered: remembered per server (with its instance
/// snapshot), so a WebSocket-only server is not asked for server-sent events at every start.
public enum StreamingTransportChoice: String, Codable, Sendable, Equatable {
    case serverSentEvents = "sse"
    case webSocket = "websocket"
    /// WebSocket with the token in the `access_token` query: the server refused it in the header.
    case webSocketQueryToken = "websocket-query"

    var usesWebSocket: Bool { self != .serverSentEvents }
}

/// The streaming API over one WebSocket (`/api/v1/streaming?stream=user`, then `direct`
/// subscribed on the same connection), for servers that serve no server-sent events
/// (GoToSocial, Akkoma, Pleroma). Its messages become the same `LiveEvent`s as the SSE path's.
extension TweetEngine {
    /// The transport the streaming API answered on last, for this server (nil: not known).
    var streamingChoice: StreamingTransportChoice? { state.withLock { $0.streamingChoice } }

    /// Keeps the transport that answered, in memory and in the instance snapshot.
    func rememberStreaming(_ choice: StreamingTransportChoice) {
        let changed = state.withLock { state in
            defer { state.streamingChoice = choice }
            return state.streamingChoice != choice
        }
        guard changed, let server = credentials?.server, let store = options.instanceStore,
            var snapshot = store.load(server: server)
        else { return }
        snapshot.streamingTransport = choice
        store.save(snapshot, server: server)
    }

    /// Whether a failure of the server-sent-events stream calls for trying the WebSocket: the
    /// server has no SSE there (400, 404, 405, 410, 501), or it names a `ws(s)://` streaming
    /// address and answered with something other than a stream or a refused login.
    func shouldTryWebSocket(after failure: EngineError) -> Bool {
        if LiveStateMachine<SystemRandomNumberGenerator>.hasNoStreaming(failure) { return true }
        guard state.withLock({ $0.streamingDeclaredWebSocket }) else { return false }
        switch failure {
        case .http(let status, _): return (400..<500).contains(status) && ![401, 403, 429].contains(status)
        case .transport(.invalidResponse): return true
        default: return false
        }
    }

    /// Reads the streaming API over a WebSocket until the connection ends, like `readStream`:
    /// `onOpen` when the upgrade is accepted, `onBytes` for every message and sign of life,
    /// `onEvent` for each event loowi reads. The token goes in the Authorization header; a
    /// server that refuses it there is asked once more with it in the query.
    func readWebSocket(
        onOpen: () -> Void, onBytes: () -> Void, onEvent: (LiveEvent) -> Void, onUnmarked: ((LiveEvent) -> Void)? = nil
    ) async throws {
        let queryFirst = streamingChoice == .webSocketQueryToken
        do {
            try await readWebSocketOnce(tokenInQuery: queryFirst, onOpen: onOpen, onBytes: onBytes, onEvent: onEvent, onUnmarked: onUnmarked)
        } catch EngineError.http(let status, _) where [401, 403].contains(status) && !queryFirst {
            try await readWebSocketOnce(tokenInQuery: true, onOpen: onOpen, onBytes: onBytes, onEvent: onEvent, onUnmarked: onUnmarked)
        }
    }

    /// `Sec-WebSocket-Accept` for a key (RFC 6455), for loowi's own loopback servers
    /// (`loowi bench`) that answer the upgrade as a server would.
    public static func webSocketAccept(forKey key: String) -> String { WebSocketHandshake.accept(for: key) }

    /// The subscription that makes one connection carry the direct stream beside the user's.
    static let subscribeDirect = #"{"type":"subscribe","stream":"direct"}"#

    private func readWebSocketOnce(
        tokenInQuery: Bool, onOpen: () -> Void, onBytes: () -> Void, onEvent: (LiveEvent) -> Void, onUnmarked: ((LiveEvent) -> Void)?
    ) async throws {
        guard let socketTransport = transport as? any WebSocketTransport else { throw EngineError.streamingUnavailable }
        guard let credentials else { throw EngineError.notLoggedIn }
        let base = state.withLock { $0.streamingBase } ?? credentials.server
        var endpoint = Endpoint(.get, "/api/v1/streaming")
        endpoint.query = [URLQueryItem(name: "stream", value: "user")]
        var request = endpoint.request(server: base)
        let bearer = try Self.authorization(credentials, for: request.url)
        if tokenInQuery {
            endpoint.query.append(URLQueryItem(name: "access_token", value: String(bearer.dropFirst("Bearer ".count))))
            let url = endpoint.request(server: base).url
            // The URL with the token is never put in an error or a log; only the request carries it.
            request = HTTPRequest(method: .get, url: url)
        } else {
            request.setHeader("Authorization", bearer)
        }
        let limit = options.streamSilenceLimit
        let keepAlive = max(.seconds(1), min(.seconds(20), limit / 3))
        var opened = false
        var refusal: (status: Int, body: Data)?
        do {
            for try await event in socketTransport.openWebSocket(request, sending: [Self.subscribeDirect], keepAlive: keepAlive) {
                switch event {
                case .opened:
                    opened = true
                    rememberStreaming(tokenInQuery ? .webSocketQueryToken : .webSocket)
                    onOpen()
                case .refused(let status, let body):
                    refusal = (status, body)
                case .message(let text):
                    onBytes()
                    guard let event = ServerSentEvent(webSocketMessage: text), let decoded = LiveEvent.decode(event) else { continue }
                    if let onUnmarked, event.lacksFilterMarks { onUnmarked(decoded) } else { onEvent(decoded) }
                case .heard:
                    onBytes()
                }
            }
        } catch let error as TransportError {
            throw error == .cancelled ? EngineError.cancelled : EngineError.transport(error)
        }
        guard !opened, let refusal else { throw EngineError.transport(.connectionLost) }
        switch refusal.status {
        // 404: no WebSocket there either; 200: a plain answer, not an upgrade.
        case 404, 200: throw EngineError.streamingUnavailable
        default:
            let message = Self.serverMessage(HTTPResponse(status: refusal.status, body: refusal.body, url: credentials.server))
            throw EngineError.http(status: refusal.status, message: message)
        }
    }
}

extension ServerSentEvent {
    /// A message of the WebSocket streaming API as the event the SSE stream would have sent:
    /// `{"stream":["user"],"event":"update","payload":"{…}"}`, the payload a JSON string (a
    /// bare id for `delete`, absent for `filters_changed`). Nil for anything else (errors,
    /// unreadable JSON): a malformed message is skipped, never the end of the stream.
    init?(webSocketMessage text: String) {
        struct Envelope: Decodable {
            var event: String?
            var payload: String?
        }
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(text.utf8)), let name = envelope.event else { return nil }
        self.init(name: Sanitizer.clean(name, for: .line), data: envelope.payload ?? "")
    }
}
