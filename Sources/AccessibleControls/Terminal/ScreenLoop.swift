import Synchronization

/// What a screen loop drives: keys and ticks in, feedback out, and a navigator to draw.
@MainActor
public protocol ScreenLoopDriver: AnyObject {
    func start() -> [Feedback]
    func handle(_ event: KeyEvent) -> [Feedback]
    func tick() -> [Feedback]
    /// Whether anything timed is under way; while nothing is, the loop does not tick.
    var needsTicks: Bool { get }
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
    public var needsTicks: Bool { navigator.needsTicks }
    public var isFinished: Bool { navigator.isFinished }
}

/// The program's loop: one stream of inputs (keys from the terminal's reader thread, ticks
/// from one ticker task) handled in order on the main actor; feedback goes out through one
/// pump, in order; the terminal is restored however the loop ends. Feedback that arrives
/// later (a server's answer) goes out through `output`, on the main actor, in order.
///
/// The ticker runs only while the driver has something timed under way (`needsTicks`);
/// otherwise it sleeps until feedback goes out, since only a key or an answer can start a
/// timer. An open, idle program wakes for nothing.
@MainActor
public final class ScreenLoop {
    enum Input: Sendable {
        case key(KeyEvent)
        case tick
        /// A full screen is checked for a new size: at SIGWINCH, and now and then when nothing
        /// is timed, in case the signal was lost.
        case sizeCheck
        case inputEnded
    }

    let line: Bool
    let speech: any SpeechOutput
    /// Line mode prints a word for each meaningful sound ("[no action]"); config.toml's
    /// `sound_words = false` turns them off.
    public var soundWords = true
    /// The full screen's colours (config.toml's `theme`); a change redraws the whole screen
    /// with the next frame. `NO_COLOR` in the environment overrides it with no colours at all.
    public var theme = ScreenTheme.default
    /// `NO_COLOR` as the program found it.
    private let noColor = Palette.environment("NO_COLOR")
    var palette: Palette { Palette.forTerminal(theme, noColor: noColor) }
    private var pump: FeedbackPump?
    private var terminal: Terminal?
    private var driver: (any ScreenLoopDriver)?
    /// Wakes the ticker after feedback went out: something timed may have started.
    private var doorbell: Doorbell?
    static let tickInterval = Duration.milliseconds(50)
    /// How often an idle full screen looks at the window's size (line mode never needs to):
    /// only in case a SIGWINCH was lost, since the signal itself brings a check at once.
    static let idleSizeCheck = Duration.seconds(5)
    /// The size of the last frame drawn; nil in line mode and before the first.
    private var drawnSize: (width: Int, height: Int)?
    /// Where the key reader puts keys, kept to start it again after the terminal was lent.
    private var inputs: AsyncStream<Input>.Continuation?
    /// Whether the present key reader's end means the input ended (false once it was
    /// stopped to lend the terminal: its end is expected then).
    private var readerEnd: ReaderEnd?
    /// While the terminal is lent (`lendTerminal`), what would have been said or drawn waits
    /// here: the other program owns the screen, and the user's screen reader reads it.
    private var held: [Feedback]?

    public init(line: Bool, speech: any SpeechOutput) {
        self.line = line
        self.speech = speech
    }

    /// Runs until the driver is finished or input ends. Throws `TerminalError` when
    /// standard input is not a terminal.
    public func run(_ driver: any ScreenLoopDriver) async throws {
        let terminal = try Terminal.open(mode: line ? .line : .fullScreen, palette: palette)
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
        self.inputs = continuation
        defer { self.inputs = nil }
        startReading(terminal, into: continuation)
        // A resized window is drawn again as soon as the terminal says so (ResizeSignal).
        if !line { ResizeSignal.watch { continuation.yield(.sizeCheck) } }
        defer { if !line { ResizeSignal.watch(nil) } }
        let doorbell = Doorbell()
        self.doorbell = doorbell
        let line = self.line
        let ticker = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                if self?.driver?.needsTicks == true {
                    try? await Task.sleep(for: Self.tickInterval)
                    continuation.yield(.tick)
                } else if await doorbell.wait(atMost: line ? nil : Self.idleSizeCheck) == .timedOut {
                    continuation.yield(.sizeCheck)
                }
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
                // terminal has cut or reflowed what it showed. SIGWINCH brings a size check at
                // once (ResizeSignal); looking here too costs one ioctl and catches a lost one.
                let resized = drawnSize.map { $0 != terminal.size } ?? false
                output(feedback, forceRedraw: resized || (busy && thisSecond != lastSecond), redrawingAll: resized)
                lastSecond = thisSecond
            case .sizeCheck:
                if let drawnSize, drawnSize != terminal.size { output([], forceRedraw: true, redrawingAll: true) }
            case .inputEnded:
                break loop
            }
            if self.driver?.isFinished != false { break }
        }
        ticker.cancel()
        doorbell.ring()
        self.doorbell = nil
        terminal.stopReading()
        await pump.finish()
    }

    private func startReading(_ terminal: Terminal, into continuation: AsyncStream<Input>.Continuation) {
        let end = ReaderEnd()
        readerEnd = end
        terminal.startReading(onEvent: { continuation.yield(.key($0)) }, onEnd: { if end.meansInputEnded { continuation.yield(.inputEnded) } })
    }

    /// Lends the terminal to another program for as long as `work` runs (a console browser,
    /// which the user reads with their own screen reader), then takes it back: keys are read
    /// again, the screen is drawn whole, and what came meanwhile (a live update) is said.
    /// Without a running loop, `work` runs as it is.
    public func lendTerminal<T>(_ work: () async -> T) async -> T {
        guard let terminal, let inputs, held == nil else { return await work() }
        held = []
        readerEnd?.meansInputEnded = false
        terminal.lend()
        let result = await work()
        // Raw mode comes back as it came at start; if it cannot, the terminal stays as the
        // user's shell would have it and keys still arrive, line by line.
        try? terminal.takeBack(palette: palette)
        startReading(terminal, into: inputs)
        let waiting = held ?? []
        held = nil
        output(waiting, forceRedraw: true, redrawingAll: true)
        return result
    }

    /// Puts another driver in place of the running one (the app on another account): what
    /// `first` says, then its first screen.
    public func replaceDriver(with driver: any ScreenLoopDriver, saying first: [Feedback]) {
        guard self.driver != nil else { return }
        self.driver = driver
        output(first + driver.start(), forceRedraw: true)
    }

    /// Sends feedback to speech and redraws the screen when something changed on it;
    /// `redrawingAll` writes every cell, not only those that changed since the last frame.
    public func output(_ feedback: [Feedback], forceRedraw: Bool = false, redrawingAll: Bool = false) {
        guard let pump, let terminal, let driver else { return }
        if held != nil {
            held? += feedback
            return
        }
        defer { doorbell?.ring() }
        send(feedback, to: pump, language: driver.navigator.settings.language)
        guard !line, forceRedraw || feedback.contains(.redraw) || feedback.contains(where: \.isSpeech) else { return }
        let size = terminal.size
        drawnSize = size
        var canvas = driver.navigator.draw(width: size.width, height: size.height, now: .now)
        canvas.palette = palette
        pump.present(canvas, redrawingAll: redrawingAll)
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

/// What the ticker sleeps on when nothing is timed: rung by every batch of output (only a key
/// or an answer can start a timer), or its own limit.
@MainActor
final class Doorbell {
    enum Waking { case rung, timedOut }

    private var waiter: CheckedContinuation<Waking, Never>?
    private var rung = false

    func ring() { wake(.rung) }

    /// Returns at the next ring (one since the last wait counts), or after `limit`.
    func wait(atMost limit: Duration?) async -> Waking {
        if rung {
            rung = false
            return .rung
        }
        let timer = limit.map { limit in
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: limit)
                guard !Task.isCancelled else { return }
                self?.wake(.timedOut)
            }
        }
        defer { timer?.cancel() }
        return await withCheckedContinuation { waiter = $0 }
    }

    private func wake(_ how: Waking) {
        guard let waiter else {
            if how == .rung { rung = true }
            return
        }
        self.waiter = nil
        waiter.resume(returning: how)
    }
}

/// Whether a key reader's end is the end of input (the terminal closed), or expected: it was
/// stopped to lend the terminal. Read on the reader's thread, set on the main actor.
final class ReaderEnd: Sendable {
    private let inputEnded = Mutex(true)
    var meansInputEnded: Bool {
        get { inputEnded.withLock { $0 } }
        set { inputEnded.withLock { $0 = newValue } }
    }
}
