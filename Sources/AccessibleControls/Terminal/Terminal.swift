import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input is a pipe or a file: there are no keys to read.
    case notATerminal
    case cannotReadSettings(errno: Int32)
    case cannotSetRawMode(errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal:
            "loowi needs a terminal to read keys from, and standard input is not one. Run it in a terminal, or use a command that needs no keys."
        case .cannotReadSettings(let e): "Could not read the terminal settings (error \(e))."
        case .cannotSetRawMode(let e): "Could not put the terminal in raw mode (error \(e))."
        }
    }
}

/// The terminal in raw mode. This one type sets raw mode and puts back what it found: on
/// `restore()` (called on normal exit and by `defer` when an error is thrown), at process
/// exit (`atexit`), on SIGINT, SIGTERM, SIGHUP and SIGQUIT, and on a crash (SIGILL,
/// SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE): a handler restores, then lets the signal do
/// what it would have done.
public final class Terminal: Sendable {
    public enum Mode: Sendable {
        /// The alternate screen, cursor hidden: the high-contrast full-screen layout.
        case fullScreen
        /// The normal screen scrolling line by line, for braille and console screen readers.
        case line
    }

    let input: Int32
    let output: Int32
    private let mode: Mode
    /// The settings found at start, and raw mode made from them (`lend` goes between the two).
    private let original: termios
    private let raw: termios
    private let isRaw = Mutex(false)
    private let reader = Mutex<TerminalReader?>(nil)
    /// While lent: what SIGINT and SIGQUIT did before they were ignored.
    private let lentSignals = Mutex<[Int32: sigaction]>([:])

    /// Puts the terminal in raw mode. Throws `.notATerminal`, touching nothing, when standard
    /// input is not a terminal.
    /// `palette` gives the colours the full screen is cleared in.
    public static func open(mode: Mode, input: Int32 = 0, output: Int32 = 1, palette: Palette = .whiteOnBlack) throws(TerminalError) -> Terminal {
        guard isatty(input) == 1 else { throw .notATerminal }
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { throw .cannotReadSettings(errno: errno) }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        // ISIG off: Ctrl-C arrives as a key the program answers (quit asks first); a signal
        // from elsewhere still restores the terminal through the handlers.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        let terminal = Terminal(input: input, output: output, mode: mode, original: original, raw: raw)
        try terminal.enterRaw(palette: palette)
        return terminal
    }

    private init(input: Int32, output: Int32, mode: Mode, original: termios, raw: termios) {
        self.input = input
        self.output = output
        self.mode = mode
        self.original = original
        self.raw = raw
    }

    private func enterRaw(palette: Palette) throws(TerminalError) {
        TerminalRestore.install(original: original, fd: input, output: output, reset: mode.leaveSequence)
        var raw = self.raw
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            let e = errno
            TerminalRestore.restoreNow()
            throw .cannotSetRawMode(errno: e)
        }
        isRaw.withLock { $0 = true }
        FileOutput.write(mode.enterSequence(palette: palette), to: output)
    }

    /// Lends the terminal to another program (a console browser): keys stop being read, the
    /// settings loowi found come back and the full screen is left, as at exit. Ctrl-C and
    /// Ctrl-\ then reach the program's whole process group, loowi too: like system(3), loowi
    /// ignores them until `takeBack`, so they stop only the other program.
    public func lend() {
        stopReading()
        let wasRaw = isRaw.withLock { raw in
            defer { raw = false }
            return raw
        }
        guard wasRaw else { return }
        lentSignals.withLock { saved in
            for sig in [SIGINT, SIGQUIT] {
                var ignore = sigaction()
                ignore.__sigaction_handler.sa_handler = SIG_IGN
                sigemptyset(&ignore.sa_mask)
                var previous = sigaction()
                if sigaction(sig, &ignore, &previous) == 0 { saved[sig] = previous }
            }
        }
        TerminalRestore.restoreNow()
    }

    /// Takes the terminal back after `lend`: raw mode and the screen loop's own screen again
    /// (the caller draws it whole and starts reading keys).
    public func takeBack(palette: Palette) throws(TerminalError) {
        guard !isRaw.withLock({ $0 }) else { return }
        try enterRaw(palette: palette)
        lentSignals.withLock { saved in
            for (sig, var previous) in saved { _ = sigaction(sig, &previous, nil) }
            saved = [:]
        }
    }

    /// Stops the reader and puts the terminal back as it was. Safe to call more than once.
    public func restore() {
        stopReading()
        let wasRaw = isRaw.withLock { raw in
            defer { raw = false }
            return raw
        }
        if wasRaw { TerminalRestore.restoreNow() }
    }

    /// Reads keys on a dedicated thread, decoding them there; `onEvent` is called for each
    /// key in order, `onEnd` once when input ends (the terminal closed) or reading stops.
    public func startReading(onEvent: @escaping @Sendable (KeyEvent) -> Void, onEnd: @escaping @Sendable () -> Void) {
        let started = reader.withLock { reader -> Bool in
            precondition(reader == nil, "one reader per terminal")
            reader = try? TerminalReader.start(fd: input, onEvent: onEvent, onEnd: onEnd)
            return reader != nil
        }
        // No thread for the keys (the system's limit): input ends, and the app with it,
        // rather than wait for keys nobody reads.
        if !started { onEnd() }
    }

    /// The keys as a stream: the usual way to read when nothing else must be merged in.
    public func keyEvents() -> AsyncStream<KeyEvent> {
        let (stream, continuation) = AsyncStream<KeyEvent>.makeStream()
        startReading(onEvent: { continuation.yield($0) }, onEnd: { continuation.finish() })
        return stream
    }

    public func stopReading() {
        let current = reader.withLock { reader in
            defer { reader = nil }
            return reader
        }
        current?.stop()
    }

    public func write(_ text: String) {
        FileOutput.write(text, to: output)
    }

    /// Columns and rows, or 80x24 when the terminal does not say.
    public var size: (width: Int, height: Int) {
        var ws = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return (80, 24) }
        return (Int(ws.ws_col), Int(ws.ws_row))
    }
}

extension Terminal.Mode {
    /// Bracketed paste on, keypad in application mode (so its keys can be told apart), and in
    /// full screen the alternate screen with the cursor hidden and autowrap off (a row a
    /// terminal draws wider than the canvas is cut at the edge instead of spilling onto the
    /// next row, or scrolling the screen from the last one).
    /// The screen is cleared in the palette's normal colours (none under `NO_COLOR`).
    func enterSequence(palette: Palette) -> String {
        let common = "\u{1B}[?2004h\u{1B}="
        switch self {
        case .fullScreen: return "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l" + common + palette.code(for: .normal) + "\u{1B}[2J"
        case .line: return common
        }
    }

    var leaveSequence: String {
        let common = "\u{1B}[?2004l\u{1B}>\u{1B}[0m"
        switch self {
        case .fullScreen: return common + "\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
        case .line: return common
        }
    }
}
