#if canImport(Glibc)
    import Glibc
#endif

/// What a signal handler needs to put the terminal back. A handler cannot capture context,
/// so this is process-global, written before the handlers are installed and read only by
/// `restoreNow()`, which uses only async-signal-safe calls (tcsetattr, write).
enum TerminalRestore {
    // nonisolated(unsafe): written once in `install` before any handler can run, then only
    // read; a lock cannot be taken inside a signal handler.
    nonisolated(unsafe) static var saved: termios?
    nonisolated(unsafe) static var fd: Int32 = 0
    nonisolated(unsafe) static var output: Int32 = 1
    nonisolated(unsafe) static var resetBytes: [UInt8] = []
    nonisolated(unsafe) static var installedExitHook = false

    static func install(original: termios, fd: Int32, output: Int32, reset: String) {
        saved = original
        self.fd = fd
        self.output = output
        resetBytes = Array(reset.utf8)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(sig, terminalRestoreSignalHandler)
        }
        if !installedExitHook {
            installedExitHook = true
            atexit { TerminalRestore.restoreNow() }
        }
    }

    /// Puts the settings back and leaves full screen. Idempotent.
    static func restoreNow() {
        guard var original = saved else { return }
        saved = nil
        resetBytes.withUnsafeBytes { bytes in
            _ = write(output, bytes.baseAddress, bytes.count)
        }
        _ = tcsetattr(fd, TCSAFLUSH, &original)
    }
}

/// Restores the terminal, then lets the signal do what it would have done.
private func terminalRestoreSignalHandler(_ sig: Int32) {
    TerminalRestore.restoreNow()
    signal(sig, SIG_DFL)
    raise(sig)
}
