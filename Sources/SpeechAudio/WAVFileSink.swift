import Foundation

/// Writes the mixed output to a WAV file; the header's sizes are fixed up on close.
public final class WAVFileSink: AudioSink, @unchecked Sendable {
    // Only the mixer's output thread touches `handle` and `dataBytes` (see AudioSink), and
    // `close()` runs after that thread has stopped.
    private let handle: FileHandle
    private var dataBytes = 0
    private var closed = false
    public let url: URL

    public init(url: URL) throws {
        self.url = url
        guard
            FileManager.default.createFile(
                atPath: url.path, contents: Data(WAVFile.header(sampleRate: AudioFormat.sampleRate, channels: 1, dataBytes: 0)))
        else {
            throw SpeechError.cannotWriteFile(url.path)
        }
        handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
    }

    public var isRealtime: Bool { false }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard !closed, !samples.isEmpty else { return }
        handle.write(Data(buffer: samples))
        dataBytes += samples.count * 2
    }

    public func flush() {}
    public func drain() {}

    public func close() {
        guard !closed else { return }
        closed = true
        try? handle.seek(toOffset: 0)
        handle.write(Data(WAVFile.header(sampleRate: AudioFormat.sampleRate, channels: 1, dataBytes: dataBytes)))
        try? handle.close()
    }
}
