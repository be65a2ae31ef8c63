import Synchronization
import Testing

@testable import AccessibleControls

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, item 7: SIGWINCH reaches the screen loop through one watching thread.
@Suite("Resize signal", .timeLimit(.minutes(5))) struct ResizeSignalTests {
    /// The signal is sent to a thread of the test's own that takes it, not to the process: in
    /// the test runner other threads do not block it, and another test's wait must not be cut
    /// short by the handler.
    @Test func aWindowChangeCallsTheListener() async throws {
        let calls = Mutex(0)
        ResizeSignal.watch { calls.withLock { $0 += 1 } }
        defer { ResizeSignal.watch(nil) }
        #expect(ResizeSignal.installed)
        #expect(Self.signalOnAThreadOfOurOwn())
        var waited = 0
        while calls.withLock({ $0 }) == 0, waited < 200 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(calls.withLock { $0 } == 1)
        // No listener: the signal is taken and nothing is called.
        ResizeSignal.watch(nil)
        #expect(Self.signalOnAThreadOfOurOwn())
        try await Task.sleep(for: .milliseconds(100))
        #expect(calls.withLock { $0 } == 1)
    }

    /// Raises SIGWINCH on a new thread that unblocks it: the handler runs there, before
    /// `pthread_kill` returns.
    static func signalOnAThreadOfOurOwn() -> Bool {
        onANewThread {
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGWINCH)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            return pthread_kill(pthread_self(), SIGWINCH) == 0
        }
    }

    /// The mask is what keeps SIGWINCH from every other thread: a thread that blocks it has it
    /// in its mask, and so does every thread it starts.
    @Test func blockingMasksTheSignalInTheCallingThread() {
        let masked = Self.onANewThread {
            ResizeSignal.blockInThisThread()
            var current = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &current)
            return sigismember(&current, SIGWINCH) == 1
        }
        #expect(masked)
    }

    /// Runs `body` on a thread of its own (whose signal mask the test may change) and returns
    /// its answer.
    static func onANewThread(_ body: @escaping @Sendable () -> Bool) -> Bool {
        let box = Job(body)
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { raw in
                let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                let answer = job.body()
                job.result.withLock { $0 = answer }
                return nil
            }, Unmanaged.passRetained(box).toOpaque())
        pthread_join(thread, nil)
        return box.result.withLock { $0 }
    }

    final class Job: Sendable {
        let body: @Sendable () -> Bool
        let result = Mutex(false)
        init(_ body: @escaping @Sendable () -> Bool) { self.body = body }
    }
}
