import FoundationEssentials
import LoowiSupport

/// One server-sent-events connection of the streaming API, read to its end. Live updates
/// (`liveUpdates(since:pollEvery:)`) open it and decide what a break means.
extension TweetEngine {
    /// Reads `stream` until the connection ends: `onOpen` when the server answers 200, then
    /// `onBytes` for every chunk (heartbeats included) and `onEvent` for each event loowi
    /// reads. Throws why it ended: the server closing it is `connectionLost`, a refusal is
    /// `http(status:)` with the server's message, 404 is `streamingUnavailable`.
    func readStream(
        _ stream: StreamingEndpoint, onOpen: () -> Void, onBytes: () -> Void, onEvent: (LiveEvent) -> Void,
        onUnmarked: ((LiveEvent) -> Void)? = nil
    ) async throws {
        guard let streaming = transport as? any StreamingTransport else { throw EngineError.streamingUnavailable }
        guard let credentials else { throw EngineError.notLoggedIn }
        let base = state.withLock { $0.streamingBase } ?? credentials.server
        var request = stream.endpoint.request(server: base)
        request.setHeader("Accept", "text/event-stream")
        request.setHeader("Authorization", try Self.authorization(credentials, for: request.url))
        var parser = ServerSentEventParser()
        var errorBody = Data()
        var status = 0
        do {
            for try await chunk in streaming.openStream(request) {
                switch chunk {
                case .head(let code, _):
                    status = code
                    if code == 200 { onOpen() }
                case .bytes(let bytes):
                    guard status == 200 else {
                        if errorBody.count < 4096 { errorBody.append(bytes) }
                        continue
                    }
                    onBytes()
                    for event in parser.feed(bytes) {
                        guard let decoded = LiveEvent.decode(event) else { continue }
                        // A post the server did not mark goes where the user's filters are applied.
                        if let onUnmarked, event.lacksFilterMarks { onUnmarked(decoded) } else { onEvent(decoded) }
                    }
                }
            }
        } catch let error as TransportError {
            throw error == .cancelled ? EngineError.cancelled : EngineError.transport(error)
        }
        switch status {
        case 200, 0: throw EngineError.transport(.connectionLost)
        // 404: the server has no streaming (Takahē, or streaming switched off).
        case 404: throw EngineError.streamingUnavailable
        default:
            let message = Self.serverMessage(HTTPResponse(status: status, body: errorBody, url: request.url))
            throw EngineError.http(status: status, message: message)
        }
    }

    /// The streaming base the instance names, when it is safe to send the token there: the
    /// account's own origin (scheme, host and port; `wss` counts as `https`). Anything else,
    /// a subdomain or another port of the same host included, is nil: the stream is then
    /// asked at the server itself, where Mastodon's standard set-up serves it too.
    static func streamingBase(_ declared: String?, server: URL) -> URL? {
        guard let declared, var components = URLComponents(string: declared) else { return nil }
        switch components.scheme?.lowercased() {
        case "wss", "https": components.scheme = "https"
        case "ws", "http":
            guard server.scheme?.lowercased() == "http" else { return nil }
            components.scheme = "http"
        default: return nil
        }
        components.query = nil
        components.fragment = nil
        guard let url = components.url, RedirectPolicy.isSameOrigin(url, server) else { return nil }
        return url
    }
}

extension LiveEvent {
    /// A stream event loowi reads, decoded and sanitised; nil for the rest (announcements,
    /// unreadable JSON): a malformed event is skipped, never the end of the stream.
    static func decode(_ event: ServerSentEvent) -> LiveEvent? {
        let data = Data(event.data.utf8)
        switch event.name {
        case "update": return (try? FastJSON.decode(Status.self, from: data)).map(LiveEvent.update)
        case "status.update": return (try? FastJSON.decode(Status.self, from: data)).map(LiveEvent.statusUpdate)
        case "notification":
            return (try? FastJSON.decode(MastodonNotification.self, from: data)).map(LiveEvent.notification)
        case "conversation": return (try? FastJSON.decode(Conversation.self, from: data)).map(LiveEvent.conversation)
        case "delete":
            let id = Sanitizer.clean(event.data.trimmed(), for: .line)
            return id.isEmpty ? nil : .delete(statusID: id)
        case "filters_changed": return .filtersChanged
        default: return nil
        }
    }
}
