#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials
import LoowiSupport
import SpeechAudio
import Synchronization

/// The smallest streaming server for `stream_event_to_sound_ms`: a socket on 127.0.0.1 that
/// answers the user stream with server-sent events the benchmark writes when it chooses, and
/// 404 to everything else (no instance, no direct stream: the user stream alone is opened).
/// A real socket, so libcurl reads the events exactly as it reads a server's.
final class LoopbackEventServer: Sendable {
    let port: UInt16
    private let listener: LoopbackListener
    /// The open user stream's socket, once libcurl has asked for it; -1 before.
    private let stream = Mutex<Int32>(-1)

    init() throws {
        let listener = try LoopbackListener()
        self.listener = listener
        port = listener.port
        try BlockingThread.start { [self] in acceptLoop() }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Whether libcurl has opened the user stream.
    var isStreaming: Bool { stream.withLock { $0 >= 0 } }

    /// Writes one event on the open stream; returns the monotonic time just before the write.
    func send(event name: String, data: String) throws -> UInt64 {
        let bytes = Array("event: \(name)\ndata: \(data)\n\n".utf8)
        let fd = stream.withLock { $0 }
        guard fd >= 0 else { throw BenchmarkError("the stream is not open") }
        let start = MonotonicClock.nanoseconds()
        guard LoopbackListener.send(fd, bytes) else { throw BenchmarkError("the stream closed") }
        return start
    }

    /// Closes the listener and the stream: libcurl sees the connection end.
    func stop() {
        listener.close()
        let fd = stream.withLock { fd in
            defer { fd = -1 }
            return fd
        }
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    private func acceptLoop() {
        while let client = listener.accept() {
            let head = String(decoding: LoopbackListener.readHead(client), as: UTF8.self)
            let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            if path.hasPrefix("/api/v1/streaming/user") {
                // Each event is one small write: Nagle's algorithm would hold it for an ACK.
                var yes: Int32 = 1
                setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                let answer = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n:connected\n\n"
                _ = LoopbackListener.send(client, Array(answer.utf8))
                let previous = stream.withLock { fd in
                    defer { fd = client }
                    return fd
                }
                if previous >= 0 { close(previous) }
            } else {
                _ = LoopbackListener.send(client, Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                close(client)
            }
        }
    }
}
