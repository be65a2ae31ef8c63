#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials
import LoowiSupport

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
        guard writeAll(fd, bytes: header) == 0 else {
            Glibc.close(fd)
            throw SpeechError.cannotWriteFile(url.path)
        }
    }

    public var isRealtime: Bool { false }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard !closed, !samples.isEmpty else { return }
        // Counted only when written, so the header never claims samples that are not there.
        if writeAll(fd, bytes: UnsafeRawBufferPointer(samples)) == 0 { dataBytes += samples.count * 2 }
    }

    public func flush() {}
    public func drain() {}

    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        if lseek(fd, 0, SEEK_SET) == 0 {
            writeAll(fd, bytes: WAVFile.header(sampleRate: AudioFormat.sampleRate, channels: 1, dataBytes: dataBytes))
        }
        Glibc.close(fd)
    }
}
