#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials

/// Writes the mixed output to a WAV file; the header's sizes are fixed up on close.
public final class WAVFileSink: AudioSink, @unchecked Sendable {
    // Only the mixer's output thread touches `fd` and `dataBytes` (see AudioSink), and
    // `close()` runs after that thread has stopped.
    private let fd: Int32
    private var dataBytes = 0
    private var closed = false
    public let url: URL

    public init(url: URL) throws {
        self.url = url
        fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SpeechError.cannotWriteFile(url.path) }
        let header = WAVFile.header(sampleRate: AudioFormat.sampleRate, channels: 1, dataBytes: 0)
        guard Self.writeAll(fd, header) else {
            Glibc.close(fd)
            throw SpeechError.cannotWriteFile(url.path)
        }
    }

    public var isRealtime: Bool { false }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard !closed, !samples.isEmpty else { return }
        _ = Self.writeAll(fd, UnsafeRawBufferPointer(samples))
        dataBytes += samples.count * 2
    }

    public func flush() {}
    public func drain() {}

    public func close() {
        guard !closed else { return }
        closed = true
        if lseek(fd, 0, SEEK_SET) == 0 {
            _ = Self.writeAll(fd, WAVFile.header(sampleRate: AudioFormat.sampleRate, channels: 1, dataBytes: dataBytes))
        }
        Glibc.close(fd)
    }

    /// Writes every byte, retrying short writes and interrupts; false on an error.
    private static func writeAll(_ fd: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let n = array.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, array.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
