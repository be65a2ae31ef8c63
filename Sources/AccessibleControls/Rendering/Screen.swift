import Synchronization

/// The screen seam: shows a canvas. The real ones write to the terminal; tests keep the last.
public protocol Screen: Sendable {
    func present(_ canvas: Canvas) async
}

/// A screen double that keeps the last canvas it was given.
public final class RecordingScreen: Screen {
    private let last = Mutex<Canvas?>(nil)
    public init() {}
    public var lastCanvas: Canvas? { last.withLock { $0 } }
    public func present(_ canvas: Canvas) async { last.withLock { $0 = canvas } }
}

/// Line mode shows no screen: the utterances are the output (see `LineSpeech`).
public struct NoScreen: Screen {
    public init() {}
    public func present(_ canvas: Canvas) async {}
}
