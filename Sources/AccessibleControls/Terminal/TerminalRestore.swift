#if canImport(Glibc)
    import Glibc
#endif

/// What a signal handler needs to put the terminal back. A handler cannot capture context,
/// so this is process-global, written before the handlers are installed and read only by
/// `restoreNow()`, which uses only async-signal-safe calls (tcsetattr, write) on bytes
/// prepared beforehand: no allocation, no Swift strings, no locks in a handler.
enum TerminalRestore {
    /// Stop signals (the program is asked to end) and crash signals (a trap, a bad access):
    /// after each, the terminal leaves the alternate screen, shows the cursor and is back in
    /// canonical mode before the signal does what it would have done.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    /// Room for the leave sequence; it is about 30 bytes.
    static let resetCapacity = 128

    // nonisolated(unsafe): written in `install` before any handler can run, then only read
    // by the handler; a lock cannot be taken inside a signal handler.
    nonisolated(unsafe) static var saved: termios?
    nonisolated(unsafe) static var fd: Int32 = 0
    nonisolated(unsafe) static var output: Int32 = 1
    /// The leave sequence as raw bytes, in memory that is never freed or moved.
    nonisolated(unsafe) static let resetBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: resetCapacity)
    nonisolated(unsafe) static var resetCount = 0
    /// What each signal did before our handler, to hand the signal on to it (the Swift
    /// runtime's crash reporter, which then prints its backtrace on the normal screen; the
    /// demo server's guard, which stops the server).
    nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
    nonisolated(unsafe) static var installedHandlers = false

    static func install(original: termios, fd: Int32, output: Int32, reset: String) {
        saved = original
        self.fd = fd
        self.output = output
        let bytes = Array(reset.utf8.prefix(resetCapacity))
        for (i, byte) in bytes.enumerated() { resetBytes[i] = byte }
        resetCount = bytes.count
        // Once per process: a second install must not record our own handler as "previous",
        // which would hand a signal back to itself for ever.
        guard !installedHandlers else { return }
        installedHandlers = true
        for sig in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = terminalRestoreSignalHandler
            sigemptyset(&action.sa_mask)
            // With siginfo and context to hand on; on the alternate signal stack when there is
            // one (a stack overflow); the same signal is held back while it runs, so the
            // re-raise waits for it to return.
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            _ = sigaction(sig, &action, previous + Int(sig))
            // A signal the program was started ignoring (nohup) stays ignored.
            if let handler = previous[Int(sig)].__sigaction_handler.sa_handler,
                unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            {
                _ = sigaction(sig, previous + Int(sig), nil)
            }
        }
        atexit { TerminalRestore.restoreNow() }
    }

    /// Puts the settings back and leaves full screen. Idempotent.
    static func restoreNow() {
        guard var original = saved else { return }
        saved = nil
        _ = write(output, resetBytes, resetCount)
        _ = tcsetattr(fd, TCSAFLUSH, &original)
    }
}

/// Restores the terminal, calls what handled the signal before (if anything did), then lets
/// the signal do what it does by default: the program ends (with a core for a crash). The
/// earlier handler is called rather than re-installed because the Swift crash reporter only
/// reports and returns, which would leave a program killed from outside running.
private func terminalRestoreSignalHandler(_ sig: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    TerminalRestore.restoreNow()
    let earlier = TerminalRestore.previous[Int(sig)]
    if earlier.sa_flags & SA_SIGINFO != 0 {
        earlier.__sigaction_handler.sa_sigaction?(sig, info, context)
    } else if let handler = earlier.__sigaction_handler.sa_handler,
        unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_DFL, to: Int.self),
        unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
    {
        handler(sig)
    }
    var fallback = sigaction()
    fallback.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&fallback.sa_mask)
    _ = sigaction(sig, &fallback, nil)
    raise(sig)
}
