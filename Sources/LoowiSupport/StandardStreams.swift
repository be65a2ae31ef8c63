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

    static func write(_ text: String, to descriptor: Int32) {
        _ = writeAll(descriptor, bytes: text.utf8)
    }
}

/// All of `bytes` to `descriptor`, however many writes it takes (a pipe or a terminal may
/// take part of them), retrying on interruptions: 0, or the errno that stopped it (EIO for a
/// write that took nothing).
@discardableResult
public func writeAll(_ descriptor: Int32, bytes: some Collection<UInt8>) -> Int32 {
    let written = bytes.withContiguousStorageIfAvailable { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    return written ?? Array(bytes).withUnsafeBytes { writeAll(descriptor, $0) }
}

private func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
    guard let base = buffer.baseAddress else { return 0 }
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        guard written > 0 else { return EIO }
        offset += written
    }
    return 0
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
