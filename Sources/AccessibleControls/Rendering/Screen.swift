import Synchronization

/// The screen seam: shows a canvas. The real ones write to the terminal; tests keep the last.
public protocol Screen: Sendable {
    func present(_ canvas: Canvas) async
    /// Forgets what the terminal shows, so the next `present` draws everything: after a
    /// resize, or anything else that may have written over the screen.
    func invalidate()
    /// Puts `text` on the terminal's clipboard.
    func setClipboard(_ text: String)
}

extension Screen {
    /// Screens that keep nothing of the terminal (line mode's, a test's) have nothing to forget.
    public func invalidate() {}

    /// OSC 52 on standard output, the terminal in both modes: base64, so the text can carry
    /// no escape of its own.
    public func setClipboard(_ text: String) {
        FileOutput.write(Self.clipboardSequence(text), to: 1)
    }

    public static func clipboardSequence(_ text: String) -> String {
        "\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}"
    }
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
