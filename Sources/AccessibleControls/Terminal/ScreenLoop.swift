/// What a screen loop drives: keys and ticks in, feedback out, and a navigator to draw.
@MainActor
public protocol ScreenLoopDriver: AnyObject {
    func start() -> [Feedback]
    func handle(_ event: KeyEvent) -> [Feedback]
    func tick() -> [Feedback]
    var isFinished: Bool { get }
    var navigator: Navigator { get }
}

/// A navigator driven on the system clock (the practice screens).
@MainActor
public final class NavigatorDriver: ScreenLoopDriver {
    public let navigator: Navigator

    public init(_ navigator: Navigator) { self.navigator = navigator }

    public func start() -> [Feedback] { navigator.start(now: .now) }
    public func handle(_ event: KeyEvent) -> [Feedback] { navigator.handle(event, now: .now) }
    public func tick() -> [Feedback] { navigator.tick(now: .now) }
    public var isFinished: Bool { navigator.isFinished }
}

/// The program's loop: one stream of inputs (keys from the terminal's reader thread, ticks
/// from one ticker task) handled in order on the main actor; feedback goes out through one
/// pump, in order; the terminal is restored however the loop ends. Feedback that arrives
/// later (a server's answer) goes out through `output`, on the main actor, in order.
@MainActor
public final class ScreenLoop {
    enum Input: Sendable {
        case key(KeyEvent)
        case tick
        case inputEnded
    }

    let line: Bool
    let speech: any SpeechOutput
    /// Called before each batch of feedback goes out; what it returns goes out first. A
    /// settings change made by a key is applied here, so the batch (the change's preview) is
    /// heard with the new settings.
    public var beforeOutput: (() -> [Feedback])?
    /// Line mode prints a word for each meaningful sound ("[no action]"); config.toml's
    /// `sound_words = false` turns them off.
    public var soundWords = true
    private var pump: FeedbackPump?
    private var terminal: Terminal?
    private var driver: (any ScreenLoopDriver)?
    /// The size of the last frame drawn; nil in line mode and before the first.
    private var drawnSize: (width: Int, height: Int)?

    public init(line: Bool, speech: any SpeechOutput) {
        self.line = line
        self.speech = speech
    }

    /// Runs until the driver is finished or input ends. Throws `TerminalError` when
    /// standard input is not a terminal.
    public func run(_ driver: any ScreenLoopDriver) async throws {
        let terminal = try Terminal.open(mode: line ? .line : .fullScreen)
        defer { terminal.restore() }
        let pump = FeedbackPump(speech: speech, screen: line ? NoScreen() : ANSIScreen(), words: line ? speech as? LineSpeech : nil)
        self.terminal = terminal
        self.pump = pump
        self.driver = driver
        defer {
            self.terminal = nil
            self.pump = nil
            self.driver = nil
            drawnSize = nil
        }

        let (inputs, continuation) = AsyncStream<Input>.makeStream()
        terminal.startReading(onEvent: { continuation.yield(.key($0)) }, onEnd: { continuation.yield(.inputEnded) })
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                continuation.yield(.tick)
            }
        }

        output(driver.start(), forceRedraw: true)
        var lastSecond = -1
        let startTime = ContinuousClock.now
        loop: for await input in inputs {
            // The driver may have been replaced (another account) since the last input.
            guard let driver = self.driver else { break }
            switch input {
            case .key(let event):
                output(driver.handle(event))
            case .tick:
                // A screen that shows a clock (the busy indicator) is redrawn once a second.
                let feedback = driver.tick()
                let busy = driver.navigator.current.focus.focused is BusyIndicator
                let thisSecond = Int((ContinuousClock.now - startTime).components.seconds)
                // A window resized since the last frame is drawn again at once, every cell: the
                // terminal has cut or reflowed what it showed. Polled here rather than caught
                // with SIGWINCH, whose handler would interrupt the audio threads' waits (EINTR);
                // a resize and back within one tick is not one a person makes.
                let resized = drawnSize.map { $0 != terminal.size } ?? false
                output(feedback, forceRedraw: resized || (busy && thisSecond != lastSecond), redrawingAll: resized)
                lastSecond = thisSecond
            case .inputEnded:
                break loop
            }
            if self.driver?.isFinished != false { break }
        }
        ticker.cancel()
        terminal.stopReading()
        await pump.finish()
    }

    /// Puts another driver in place of the running one (the app on another account): what
    /// `first` says, then its first screen.
    public func replaceDriver(with driver: any ScreenLoopDriver, saying first: [Feedback]) {
        guard self.driver != nil else { return }
        self.driver = driver
        output(first + driver.start(), forceRedraw: true)
    }

    /// Runs `work` in order with the feedback: after what was sent, before what comes next.
    public func inOrder(_ work: @escaping @Sendable () async -> Void) {
        pump?.inOrder(work)
    }

    /// Sends feedback to speech and redraws the screen when something changed on it;
    /// `redrawingAll` writes every cell, not only those that changed since the last frame.
    public func output(_ feedback: [Feedback], forceRedraw: Bool = false, redrawingAll: Bool = false) {
        guard let pump, let terminal, let driver else { return }
        if let first = beforeOutput?(), !first.isEmpty { send(first, to: pump, language: driver.navigator.settings.language) }
        send(feedback, to: pump, language: driver.navigator.settings.language)
        guard !line, forceRedraw || feedback.contains(.redraw) || feedback.contains(where: \.isSpeech) else { return }
        let size = terminal.size
        drawnSize = size
        pump.present(driver.navigator.draw(width: size.width, height: size.height, now: .now), redrawingAll: redrawingAll)
    }

    /// One batch, in order; in line mode with the words for its sounds in their places.
    private func send(_ feedback: [Feedback], to pump: FeedbackPump, language: Language) {
        guard line, soundWords else { return pump.send(feedback) }
        for item in feedback.withSoundWords() {
            if case .soundWord(let word?) = item {
                pump.print(word.printed(in: language))
            } else {
                pump.send([item])
            }
        }
    }
}
