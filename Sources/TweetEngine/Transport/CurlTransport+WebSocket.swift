#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials
import LoowiSupport
import Synchronization

extension CurlTransport: WebSocketTransport {
    /// A connection lives for minutes or hours, so it gets its own thread and easy handle, as
    /// a server-sent-events stream does. It waits in poll() on its socket and on a wake pipe:
    /// idle costs nothing, and cancelling the reader closes the socket at once.
    public func openWebSocket(_ request: HTTPRequest, sending messages: [String], keepAlive: Duration) -> WebSocketStream {
        let configuration = self.configuration
        let queued = QueuedBytes()
        let events = AsyncThrowingStream<WebSocketEvent, any Error> { continuation in
            do {
                try URLPolicy.check(WebSocketHandshake.origin(of: request.url))
            } catch {
                continuation.finish(throwing: error)
                return
            }
            guard let wake = WakePipe() else {
                continuation.finish(throwing: CurlGlobal.noHandle)
                return
            }
            let cancel = CancelFlag()
            continuation.onTermination = { _ in
                cancel.raise()
                wake.wake()
            }
            do {
                try BlockingThread.start {
                    defer { wake.close() }
                    guard let easy = CurlEasyHandle() else {
                        continuation.finish(throwing: CurlGlobal.noHandle)
                        return
                    }
                    var session = WebSocketSession(
                        easy: easy, cancel: cancel, wake: wake, queued: queued, continuation: continuation,
                        keepAlive: keepAlive, answerTimeout: configuration.connectTimeout)
                    switch session.run(request, configuration: configuration, messages: messages) {
                    case nil, .cancelled?: continuation.finish()
                    case let error?: continuation.finish(throwing: error)
                    }
                }
            } catch {
                wake.close()
                continuation.finish(throwing: CurlGlobal.noHandle)
            }
        }
        return WebSocketStream(events, queued: queued)
    }
}

/// A pipe whose one byte wakes the connection's poll() when its reader goes away. Closed once
/// by the thread; a wake after that does nothing (never a write to a reused descriptor).
final class WakePipe: Sendable {
    private let ends: Mutex<(read: Int32, write: Int32)?>

    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        ends = Mutex((fds[0], fds[1]))
    }

    var readEnd: Int32 { ends.withLock { $0?.read ?? -1 } }

    func wake() {
        ends.withLock { ends in
            guard let ends else { return }
            var byte: UInt8 = 1
            _ = Glibc.write(ends.write, &byte, 1)
        }
    }

    func close() {
        ends.withLock { ends in
            guard let open = ends else { return }
            _ = Glibc.close(open.read)
            _ = Glibc.close(open.write)
            ends = nil
        }
    }
}
