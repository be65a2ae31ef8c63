#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials
import LoowiSupport

/// One WebSocket connection on its own thread: the handshake, then frames both ways until
/// the server closes, the bytes break the protocol, or the reader goes away. The protocol
/// itself is the pure codec's (`WebSocketHandshake`, `WebSocketFrameDecoder`,
/// `WebSocketFrameEncoder`); this moves bytes and waits.
struct WebSocketSession {
    let easy: CurlEasyHandle
    let cancel: CancelFlag
    let wake: WakePipe
    let queued: QueuedBytes
    let continuation: AsyncThrowingStream<WebSocketEvent, any Error>.Continuation
    let keepAlive: Duration
    /// How long the server may take to answer the upgrade.
    let answerTimeout: Duration
    private var random = SystemRandomNumberGenerator()
    private var socket: Int32 = -1
    /// Read buffer: libcurl's write size, the same chunk a server-sent-events stream gets.
    private var chunk = [UInt8](repeating: 0, count: CurlTransport.streamChunkBytes)

    init(
        easy: CurlEasyHandle, cancel: CancelFlag, wake: WakePipe, queued: QueuedBytes,
        continuation: AsyncThrowingStream<WebSocketEvent, any Error>.Continuation, keepAlive: Duration, answerTimeout: Duration
    ) {
        self.easy = easy
        self.cancel = cancel
        self.wake = wake
        self.queued = queued
        self.continuation = continuation
        self.keepAlive = keepAlive
        self.answerTimeout = answerTimeout
    }

    /// Runs the connection to its end: nil when the server refused the upgrade (said as
    /// `.refused`), else why it ended (`.connectionLost` when the server closed it).
    mutating func run(_ request: HTTPRequest, configuration: CurlTransport.Configuration, messages: [String]) -> TransportError? {
        switch easy.connectOnly(WebSocketHandshake.origin(of: request.url), configuration: configuration, cancel: cancel) {
        case .failure(let error): return cancel.isRaised ? .cancelled : error
        case .success(let socket): self.socket = socket
        }
        let handshake = WebSocketHandshake(using: &random)
        let upgrade = handshake.request(for: request.url, headers: request.headers, userAgent: configuration.userAgent)
        if let error = sendAll(upgrade) { return error }

        var received: [UInt8] = []
        let deadline = ContinuousClock.now + answerTimeout
        var answer: (answer: WebSocketHandshake.Answer, rest: [UInt8])?
        while answer == nil {
            switch receiveChunk(until: deadline) {
            case .failure(let error): return error
            case .success(let bytes):
                received += bytes
                do { answer = try WebSocketHandshake.parseAnswer(received) } catch { return .invalidResponse }
            }
        }
        guard let (head, rest) = answer else { return .invalidResponse }
        guard head.status == 101 else {
            continuation.yield(.refused(status: head.status, body: Data(rest.prefix(4096))))
            return nil
        }
        do { try handshake.check(head) } catch { return .invalidResponse }
        continuation.yield(.opened)
        for message in messages {
            if let error = sendFrame(.text, Array(message.utf8)) { return error }
        }
        return readFrames(startingWith: rest)
    }

    private mutating func readFrames(startingWith first: [UInt8]) -> TransportError? {
        var decoder = WebSocketFrameDecoder()
        var pending = first
        var nextPing = ContinuousClock.now + keepAlive
        while true {
            if !pending.isEmpty {
                let incoming: [WebSocketIncoming]
                do {
                    incoming = try decoder.feed(pending)
                } catch {
                    _ = sendFrame(.close, WebSocketFrameEncoder.closePayload(error.code, reason: error.reason))
                    return error.code == .messageTooBig ? .responseTooLarge(limit: WebSocketFrameDecoder.maximumMessageBytes) : .invalidResponse
                }
                pending = []
                for item in incoming {
                    switch item {
                    case .text(let text):
                        guard queued.reserve(text.utf8.count) else {
                            // The reader is a whole maximal message behind: flooding.
                            _ = sendFrame(.close, WebSocketFrameEncoder.closePayload(.messageTooBig, reason: "reader behind"))
                            return .responseTooLarge(limit: QueuedBytes.limit)
                        }
                        continuation.yield(.message(text))
                    case .binary: break
                    case .ping(let payload):
                        if let error = sendFrame(.pong, payload) { return error }
                        if queued.heardGiven() { continuation.yield(.heard) }
                    case .pong:
                        if queued.heardGiven() { continuation.yield(.heard) }
                    case .close(let code, _):
                        // Answered with the same code (RFC 6455 5.5.1), then the connection ends.
                        let echo = code.map { WebSocketFrameEncoder.closePayload(WebSocketCloseCode(rawValue: $0)) } ?? []
                        _ = sendFrame(.close, echo)
                        return .connectionLost
                    }
                }
            }
            if cancel.isRaised {
                _ = sendFrame(.close, WebSocketFrameEncoder.closePayload(.goingAway))
                return .cancelled
            }
            switch receiveOnce() {
            case .bytes(let count):
                pending = Array(chunk[0..<count])
                continue
            case .closed, .failed: return cancel.isRaised ? .cancelled : .connectionLost
            case .wouldBlock: break
            }
            let now = ContinuousClock.now
            if now >= nextPing {
                if let error = sendFrame(.ping, []) { return error }
                nextPing = now + keepAlive
                continue
            }
            if case .failure(let error) = waitReadable(timeout: now.duration(to: nextPing)) {
                // Woken by the reader going away: the server is told, not left with a dead socket.
                if error == .cancelled { _ = sendFrame(.close, WebSocketFrameEncoder.closePayload(.goingAway)) }
                return error
            }
        }
    }

    // MARK: Bytes

    private mutating func receiveOnce() -> CurlEasyHandle.ReceiveResult {
        let easy = easy
        return chunk.withUnsafeMutableBytes { easy.receive(into: $0) }
    }

    /// Some bytes, waiting for them until `deadline`.
    private mutating func receiveChunk(until deadline: ContinuousClock.Instant) -> Result<[UInt8], TransportError> {
        while true {
            if cancel.isRaised { return .failure(.cancelled) }
            switch receiveOnce() {
            case .bytes(let count): return .success(Array(chunk[0..<count]))
            case .closed, .failed: return .failure(.connectionLost)
            case .wouldBlock: break
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .failure(.timedOut) }
            if case .failure(let error) = waitReadable(timeout: left) { return .failure(error) }
        }
    }

    private mutating func sendFrame(_ opcode: WebSocketOpcode, _ payload: [UInt8]) -> TransportError? {
        sendAll(WebSocketFrameEncoder.frame(opcode, payload: payload, maskKey: WebSocketFrameEncoder.randomBytes(4, using: &random)))
    }

    /// Sends every byte, waiting for room in the socket at most `answerTimeout` in all.
    private func sendAll(_ bytes: [UInt8]) -> TransportError? {
        var offset = 0
        let deadline = ContinuousClock.now + answerTimeout
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { easy.send(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch result {
            case .failure(let error): return error
            case .success(let sent) where sent > 0:
                offset += sent
                continue
            case .success: break
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .timedOut }
            if cancel.isRaised { return .cancelled }
            if case .failure(let error) = wait(events: Int16(POLLOUT), timeout: left) { return error }
        }
        return nil
    }

    private func waitReadable(timeout: Duration) -> Result<Void, TransportError> {
        wait(events: Int16(POLLIN), timeout: timeout)
    }

    /// poll() on the socket and the wake pipe: returns when the socket is ready, the time is
    /// up, or the reader went away (`.cancelled`).
    private func wait(events: Int16, timeout: Duration) -> Result<Void, TransportError> {
        var fds = [pollfd(fd: socket, events: events, revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        let milliseconds = Int32(clamping: max(1, timeout.milliseconds + 1))
        let status = poll(&fds, nfds_t(fds.count), milliseconds)
        if cancel.isRaised { return .failure(.cancelled) }
        if status < 0, errno != EINTR { return .failure(.connectionLost) }
        return .success(())
    }
}
