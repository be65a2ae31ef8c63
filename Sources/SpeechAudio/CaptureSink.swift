import FoundationEssentials
import Synchronization

/// Keeps everything written, for tests and benchmarks. Optionally behaves as a real-time
/// device, so the mixer paces itself as it would for a sound card.
public final class CaptureSink: AudioSink {
    private let state = Mutex(State())
    public let isRealtime: Bool
    private let keepSamples: Bool

    struct State {
        var samples: [Int16] = []
        /// How many samples had been written at each flush.
        var flushes: [Int] = []
    }

    public init(realtime: Bool = false, keepSamples: Bool = true) {
        isRealtime = realtime
        self.keepSamples = keepSamples
    }

    public var samples: [Int16] { state.withLock { $0.samples } }
    public var flushCount: Int { state.withLock { $0.flushes.count } }
    /// How many samples had been written at each flush, in order.
    public var flushedAt: [Int] { state.withLock { $0.flushes } }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard keepSamples else { return }
        state.withLock { $0.samples.append(contentsOf: samples) }
    }

    public func flush() { state.withLock { $0.flushes.append($0.samples.count) } }
    public func drain() {}
    public func close() {}
}
