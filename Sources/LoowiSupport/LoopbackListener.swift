#if canImport(Glibc)
    import Glibc
#endif

/// A listening TCP socket on 127.0.0.1 with a port the system chose: what the benchmarks'
/// small servers answer on, so libcurl talks to them exactly as to a server.
public struct LoopbackListener: Sendable {
    public let descriptor: Int32
    public let port: UInt16

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "no socket for a loopback server") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            Glibc.close(fd)
            throw Failure(description: "a loopback server could not listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    /// The next connection, or nil once the listener is closed.
    public func accept() -> Int32? {
        let client = Glibc.accept(descriptor, nil, nil)
        return client >= 0 ? client : nil
    }

    /// Stops listening: a thread waiting in `accept` returns nil.
    public func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }

    /// A request's head, up to its blank line; empty when the client closed first.
    public static func readHead(_ fd: Int32) -> [UInt8] {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        // One byte at a time so that nothing after the head (the next request on a kept-alive
        // connection) is consumed; these servers answer a few hundred small requests.
        while head.count < 65536, Glibc.read(fd, &byte, 1) == 1 {
            head.append(byte)
            if head.count >= 4, head[head.count - 4] == 13, head[head.count - 3] == 10, head[head.count - 2] == 13, byte == 10 { break }
        }
        return head
    }

    /// Sends everything, without SIGPIPE if the client has gone; false if it has.
    public static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
