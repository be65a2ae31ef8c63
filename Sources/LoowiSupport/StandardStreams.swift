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
            let count = retryingInterrupted { chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
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
        let written = retryingInterrupted { write(descriptor, base + offset, buffer.count - offset) }
        if written < 0 { return errno }
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

/// A file's bytes when it holds at most `limit` of them: a longer one is refused (EFBIG)
/// unread, one that grows while it is read too (EAGAIN), and a read error is an error, never
/// a short file. The array holds the file's size and no more. For data files whose size is
/// known: one that grew without bound must not grow the process.
public func readFileBytes(atPath path: String, atMost limit: Int) -> Result<[UInt8], SystemError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(SystemError(errno: errno)) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(SystemError(errno: errno)) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(SystemError(errno: EINVAL)) }
    guard info.st_size <= limit else { return .failure(SystemError(errno: EFBIG)) }
    let size = Int(info.st_size)
    // One byte more than the file holds, to see it grow.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var filled = 0
    while filled < bytes.count {
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
        if count > 0 {
            filled += count
        } else if count == 0 {
            break
        } else if errno != EINTR {
            return .failure(SystemError(errno: errno))
        }
    }
    guard filled <= size else { return .failure(SystemError(errno: EAGAIN)) }
    bytes.removeSubrange(filled...)
    return .success(bytes)
}

/// A failed system call's `errno`, described as the C library does.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public let errno: Int32
    public init(errno: Int32) { self.errno = errno }
    public var description: String { String(cString: strerror(errno)) }
}
