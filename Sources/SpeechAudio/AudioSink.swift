/// Where mixed PCM (mono, signed 16-bit, `AudioFormat.sampleRate`) goes. Only the mixer's
/// output thread calls a sink, except `interruptWrite`, so sinks need no locking of their own
/// for the other calls.
public protocol AudioSink: AnyObject, Sendable {
    /// True for a sink that plays in real time (a sound device): the mixer then paces itself
    /// to the clock and keeps only a short lead, so an earcon is heard when it is asked for.
    var isRealtime: Bool { get }
    func write(_ samples: UnsafeBufferPointer<Int16>)
    /// Called from another thread when queued speech is dropped: a `write` that is waiting
    /// for room may give up the rest of its block, since a `flush` follows. Until that flush
    /// the sink may drop what it is given.
    func interruptWrite()
    /// Drops whatever the sink has buffered but not yet played.
    func flush()
    /// Blocks until everything written has been played.
    func drain()
    func close()
}

extension AudioSink {
    /// Sinks whose writes never wait have nothing to give up.
    public func interruptWrite() {}
}
