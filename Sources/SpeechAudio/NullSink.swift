/// Discards audio: for headless machines and `--no-sound`.
public final class NullSink: AudioSink {
    public init() {}
    public var isRealtime: Bool { false }
    public func write(_ samples: UnsafeBufferPointer<Int16>) {}
    public func flush() {}
    public func drain() {}
    public func close() {}
}
