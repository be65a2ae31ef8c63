import LoowiSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal's SIGWINCH, brought to the screen loop at once, without interrupting any
/// thread that waits on something (a handler that ran on an audio thread would cut its wait
/// short with EINTR, which is why issue 14 only polled).
///
/// The program blocks the signal in its first thread before it starts any other
/// (`blockInThisThread`, first thing in `main`), so every thread inherits the mask: the
/// speech, audio, curl and reader threads, and the concurrency pool's. The one thread the
/// signal can then reach is the main thread, which the Swift runtime parks for good in
/// libdispatch's `dispatch_main`: it waits in `sigsuspend` with an empty mask, there to run
/// handlers, and SIGWINCH, ignored by default, would be dropped there. So a handler is
/// installed all the same (SA_RESTART), and it only writes a byte into a pipe; one thread of
/// our own reads the pipe and calls the listener, which wakes the screen loop. (`sigwait` on
/// that thread cannot work: the kernel hands the signal to the main thread first.)
///
/// The screen loop's poll stays as the fallback for a signal a library thread took. Child
/// processes get an empty mask back (`ChildProcess` sets it when it spawns).
public enum ResizeSignal {
    /// Blocks SIGWINCH in the calling thread and every thread it starts from now on.
    public static func blockInThisThread() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGWINCH)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Calls `onResize` on the watching thread at every SIGWINCH from now on, in place of the
    /// listener before; nil stops calling. The handler and the thread are set up on the first
    /// call and stay.
    public static func watch(_ onResize: (@Sendable () -> Void)?) {
        listener.withLock { $0 = onResize }
        _ = installed
    }

    private static let listener = Mutex<(@Sendable () -> Void)?>(nil)

    /// Whether the pipe, the thread and the handler are in place (false: the poll remains).
    static let installed: Bool = {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        // Not handed to children; and the handler never waits: with the pipe full, a resize is
        // already waiting to be read.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        resizePipe = ends[1]
        let readEnd = ends[0]
        do {
            try BlockingThread.start {
                var bytes = [UInt8](repeating: 0, count: 64)
                while true {
                    let count = retryingInterrupted { read(readEnd, &bytes, bytes.count) }
                    guard count > 0 else { return }
                    // Several resizes read at once are one size check.
                    ResizeSignal.listener.withLock { $0 }?()
                }
            }
        } catch {
            // No thread, no handler: the screen loop's poll remains.
            return false
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = resizeSignalHandler
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        return sigaction(SIGWINCH, &action, nil) == 0
    }()
}

/// The pipe's write end, set once before the handler is installed.
nonisolated(unsafe) private var resizePipe: Int32 = -1

/// Async-signal-safe: one write, errno kept for whatever the thread was doing.
private func resizeSignalHandler(_ signal: Int32) {
    let saved = errno
    var byte: UInt8 = 1
    _ = write(resizePipe, &byte, 1)
    errno = saved
}
