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
    private let listener: Int32
    /// The open user stream's socket, once libcurl has asked for it; -1 before.
    private let stream = Mutex<Int32>(-1)

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchmarkError("no socket for the loopback server") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            close(fd)
            throw BenchmarkError("the loopback server could not listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        BlockingThread.start { [self] in acceptLoop() }
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
        guard Self.writeAll(fd, bytes) else { throw BenchmarkError("the stream closed") }
        return start
    }

    /// Closes the listener and the stream: libcurl sees the connection end.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
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
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let head = Self.readHead(client)
            let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            if path.hasPrefix("/api/v1/streaming/user") {
                // Each event is one small write: Nagle's algorithm would hold it for an ACK.
                var yes: Int32 = 1
                setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                let answer = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n:connected\n\n"
                _ = Self.writeAll(client, Array(answer.utf8))
                let previous = stream.withLock { fd in
                    defer { fd = client }
                    return fd
                }
                if previous >= 0 { close(previous) }
            } else {
                _ = Self.writeAll(client, Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                close(client)
            }
        }
    }

    /// The request's head, up to its blank line (a GET has no body).
    private static func readHead(_ fd: Int32) -> String {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 65536 {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            head += buffer[0..<count]
            if head.count >= 4, head.suffix(4) == [13, 10, 13, 10] { break }
        }
        return String(decoding: head, as: UTF8.self)
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
