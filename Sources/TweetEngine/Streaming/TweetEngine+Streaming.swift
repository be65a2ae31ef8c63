import Foundation

extension TweetEngine {
    /// The user stream (`/api/v1/streaming/user`, server-sent events), reconnecting with
    /// exponential backoff (`options.streamBackoff`) after every break, and starting the
    /// backoff again once a connection succeeds. A refused login (401/403) or a server
    /// without streaming (404) ends the stream. Stop it by ending the loop that reads it
    /// (or cancelling its task): the connection is closed within about a second.
    public func userStream() -> AsyncStream<StreamEvent> {
        let (stream, continuation) = AsyncStream<StreamEvent>.makeStream(bufferingPolicy: .bufferingNewest(1000))
        let task = Task { [self] in
            await runUserStream(continuation)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func runUserStream(_ continuation: AsyncStream<StreamEvent>.Continuation) async {
        guard let streaming = transport as? any StreamingTransport else {
            continuation.yield(.disconnected(.streamingUnavailable, reconnectIn: nil))
            return
        }
        var attempt = 0
        while !Task.isCancelled {
            let failure: EngineError
            do {
                try await streamOnce(streaming, continuation) { attempt = 0 }
                failure = .transport(.connectionLost)  // the server closed the stream
            } catch let error as EngineError {
                failure = error
            } catch let error as TransportError {
                failure = error == .cancelled ? .cancelled : .transport(error)
            } catch {
                failure = .transport(.connectionLost)
            }
            if Task.isCancelled || failure == .cancelled { return }
            if Self.isPermanent(failure) {
                continuation.yield(.disconnected(failure, reconnectIn: nil))
                return
            }
            attempt += 1
            let delay = options.streamBackoff.delay(forAttempt: attempt)
            continuation.yield(.disconnected(failure, reconnectIn: delay))
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
        }
    }

    private func streamOnce(
        _ streaming: any StreamingTransport, _ continuation: AsyncStream<StreamEvent>.Continuation,
        onConnected: () -> Void
    ) async throws {
        guard let credentials else { throw EngineError.notLoggedIn }
        var request = StreamingEndpoint.user.endpoint.request(server: credentials.server)
        request.setHeader("Accept", "text/event-stream")
        request.setHeader("Authorization", "Bearer \(credentials.accessToken.value)")
        var parser = ServerSentEventParser()
        var errorBody = Data()
        var status = 0
        for try await chunk in streaming.openStream(request) {
            switch chunk {
            case .head(let code, _):
                status = code
                if code == 200 {
                    onConnected()
                    continuation.yield(.connected)
                }
            case .bytes(let bytes):
                guard status == 200 else {
                    if errorBody.count < 4096 { errorBody.append(bytes) }
                    continue
                }
                for event in parser.feed(bytes) {
                    if let decoded = StreamEvent.decode(event) { continuation.yield(decoded) }
                }
            }
        }
        if status != 200 {
            // 404: the server has no streaming (Takahē, or streaming switched off).
            if status == 404 { throw EngineError.streamingUnavailable }
            let message = Self.serverMessage(HTTPResponse(status: status, body: errorBody, url: request.url))
            throw status == 0 ? EngineError.transport(.connectionLost) : EngineError.http(status: status, message: message)
        }
    }

    private static func isPermanent(_ error: EngineError) -> Bool {
        switch error {
        case .http(let status, _): [401, 403, 404, 410].contains(status)
        case .notLoggedIn, .streamingUnavailable, .cancelled: true
        case .transport(let transport):
            switch transport {
            case .insecureURL, .invalidURL, .unsupportedScheme, .certificateNotTrusted, .redirectToOtherHost: true
            default: false
            }
        default: false
        }
    }
}
