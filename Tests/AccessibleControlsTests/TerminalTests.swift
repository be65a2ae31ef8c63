import Testing

@testable import AccessibleControls

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal: the test types into `master`; the terminal under test uses `slave`.
private struct PseudoTerminal {
    let master: Int32
    let slave: Int32

    init() throws {
        var m: Int32 = -1
        var s: Int32 = -1
        guard openpty(&m, &s, nil, nil, nil) == 0 else { throw TerminalError.notATerminal }
        master = m
        slave = s
    }

    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    var localFlags: tcflag_t {
        var t = termios()
        tcgetattr(slave, &t)
        return t.c_lflag
    }

    func close() {
        _ = Glibc.close(slave)
        _ = Glibc.close(master)
    }
}

@Suite("Terminal", .serialized, .timeLimit(.minutes(5))) struct TerminalTests {
    @Test func standardInputThatIsNotATerminalIsRefusedWithoutTouchingAnything() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(throws: TerminalError.notATerminal) { try Terminal.open(mode: .line, input: ends[0], output: ends[1]) }
        #expect(TerminalError.notATerminal.description.contains("not one"))
    }

    @Test func rawModeIsSetAndRestored() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = pty.localFlags
        #expect(before & tcflag_t(ICANON) != 0)
        let terminal = try Terminal.open(mode: .line, input: pty.slave, output: pty.slave)
        #expect(pty.localFlags & tcflag_t(ICANON | ECHO | ISIG) == 0)
        terminal.restore()
        #expect(pty.localFlags == before)
        terminal.restore()
        #expect(pty.localFlags == before)
    }

    /// Issue 35, item 5: a console browser borrows the terminal. While lent it is as loowi
    /// found it (canonical, echo, signals) and Ctrl-C stops only the other program; taken
    /// back, raw mode and the screen return and signals are loowi's again.
    @Test(.timeLimit(.minutes(5))) func theTerminalIsLentAsFoundAndTakenBackRaw() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = pty.localFlags
        let terminal = try Terminal.open(mode: .fullScreen, input: pty.slave, output: pty.slave)
        defer { terminal.restore() }
        #expect(pty.localFlags & tcflag_t(ICANON | ECHO | ISIG) == 0)
        var handler = sigaction()
        sigaction(SIGINT, nil, &handler)
        let loowis = unsafeBitCast(handler.__sigaction_handler.sa_handler, to: Int.self)
        terminal.lend()
        #expect(pty.localFlags == before)
        sigaction(SIGINT, nil, &handler)
        #expect(unsafeBitCast(handler.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
        try terminal.takeBack(palette: .whiteOnBlack)
        #expect(pty.localFlags & tcflag_t(ICANON | ECHO | ISIG) == 0)
        sigaction(SIGINT, nil, &handler)
        #expect(unsafeBitCast(handler.__sigaction_handler.sa_handler, to: Int.self) == loowis)
        // What the screen got: full screen, left when lent, entered again when taken back. The
        // pseudo-terminal hands the bytes over in chunks, a little later: read until the
        // second entry is there, or nothing more comes for a second.
        var written = ""
        var fds = [pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)]
        while written.components(separatedBy: "\u{1B}[?1049h").count < 3, poll(&fds, 1, 1000) > 0 {
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = read(pty.master, &bytes, bytes.count)
            guard count > 0 else { break }
            written += String(decoding: bytes.prefix(count), as: UTF8.self)
        }
        #expect(written.components(separatedBy: "\u{1B}[?1049h").count == 3)
        #expect(written.components(separatedBy: "\u{1B}[?1049l").count == 2)
        terminal.restore()
        #expect(pty.localFlags == before)
    }

    @Test func keysTypedAreReadOnTheReaderThreadInOrder() async throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = try Terminal.open(mode: .line, input: pty.slave, output: pty.slave)
        defer { terminal.restore() }
        let keys = terminal.keyEvents()
        pty.type("a\u{1B}[A\u{1B}")
        var received: [KeyEvent] = []
        for await event in keys {
            received.append(event)
            if received.count == 3 { break }
        }
        // The lone Escape came out by its timeout, with no more bytes behind it.
        #expect(received == [.key(.character("a")), .key(.up), .key(.escape)])
    }
}
