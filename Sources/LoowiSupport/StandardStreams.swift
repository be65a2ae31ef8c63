#if canImport(Glibc)
    import Glibc
#endif

/// The process's own standard streams by file descriptor (`FileHandle` lives in corelibs
/// Foundation).
public enum StandardStreams {
    public static func writeOutput(_ text: String) { write(text, to: 1) }
    public static func writeError(_ text: String) { write(text, to: 2) }

    /// Everything on standard input until its end.
    public static func readInput() -> [UInt8] { readAll(from: 0) }

    /// Everything `descriptor` gives until its end (or an error other than an interruption).
    public static func readAll(from descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }

    /// All of `text`, however many writes it takes (a pipe may take part of it).
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// A file's bytes, or the system's reason it cannot be read ("Permission denied").
public func readFileBytes(atPath path: String) -> Result<[UInt8], SystemError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(SystemError(errno: errno)) }
    defer { close(descriptor) }
    return .success(StandardStreams.readAll(from: descriptor))
}

/// A failed system call's `errno`, described as the C library does.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public let errno: Int32
    public init(errno: Int32) { self.errno = errno }
    public var description: String { String(cString: strerror(errno)) }
}
