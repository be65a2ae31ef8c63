#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials
import LoowiSupport
import SpeechAudio
import TweetEngine
import Synchronization

/// The smallest streaming server for `stream_event_to_sound_ms`: a socket on 127.0.0.1 that
/// answers the user stream with server-sent events the benchmark writes when it chooses, and
/// 404 to everything else (no instance, no direct stream: the user stream alone is opened).
/// A real socket, so libcurl reads the events exactly as it reads a server's. With
/// `webSocket`, it is a WebSocket-only server (GoToSocial's way): the SSE path answers 404 and
/// the upgrade at `/api/v1/streaming` carries the events as Mastodon's JSON text frames.
final class LoopbackEventServer: Sendable {
    let port: UInt16
    let webSocket: Bool
    private let listener: LoopbackListener
    /// The open user stream's socket, once libcurl has asked for it; -1 before.
    private let stream = Mutex<Int32>(-1)

    init(webSocket: Bool = false) throws {
        self.webSocket = webSocket
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
        let bytes = webSocket ? Self.frame(event: name, data: data) : Array("event: \(name)\ndata: \(data)\n\n".utf8)
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
            if webSocket, path.hasPrefix("/api/v1/streaming?"), let key = Self.webSocketKey(head) {
                var yes: Int32 = 1
                setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: \(TweetEngine.webSocketAccept(forKey: key))\r\n\r\n"
                _ = LoopbackListener.send(client, Array(answer.utf8))
                let previous = stream.withLock { fd in
                    defer { fd = client }
                    return fd
                }
                if previous >= 0 { close(previous) }
            } else if !webSocket, path.hasPrefix("/api/v1/streaming/user") {
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

    private static func webSocketKey(_ head: String) -> String? {
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("sec-websocket-key:") {
            return String(line.dropFirst("sec-websocket-key:".count)).trimmed()
        }
        return nil
    }

    /// One unmasked text frame of Mastodon's WebSocket format: the payload a JSON string.
    private static func frame(event name: String, data: String) -> [UInt8] {
        let quoted = (try? JSONEncoder().encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        let payload = Array(#"{"stream":["user"],"event":"\#(name)","payload":\#(quoted)}"#.utf8)
        var bytes: [UInt8] = [0x81]
        if payload.count < 126 {
            bytes.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
        }
        return bytes + payload
    }
}
