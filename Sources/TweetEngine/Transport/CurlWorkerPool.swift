import Dispatch
import FoundationEssentials
import LoowiSupport
import Synchronization

/// A few long-lived threads, each owning one libcurl easy handle.
///
/// Threads are started only when every existing one is busy, so a client that makes one
/// request at a time uses one thread and one kept-alive connection. While a thread makes its
/// first handle (the first one opens libcurl, about 8 ms with the dynamic loader's locks held)
/// no caller starts another: `pthread_create` waits for those locks, and the callers are the
/// concurrency pool's two threads, which the first words of a start need. The thread starts
/// what the queue needs once its handle is made, from its own thread. A thread idle for
/// `idleTimeout` ends (cleaning up its handle on its own thread), about when servers close
/// idle keep-alive connections anyway, so a transport that is no longer used leaves no
/// threads behind.
final class CurlWorkerPool: Sendable {
    /// Gets nil only when libcurl cannot create a handle; the job must still finish.
    /// It does its work and returns how to report the result; the worker counts itself idle
    /// before calling that, so the caller's next request finds this thread (and its open
    /// connection) free instead of starting another one.
    typealias Job = @Sendable (CurlEasyHandle?) -> @Sendable () -> Void

    private struct State {
        var jobs: [Job] = []
        var head = 0
        var idle = 0
        var threads = 0
        /// A thread is still making its handle; only one at a time does.
        var starting = false

        /// Claims a new thread when more jobs wait than threads are free to take them, none is
        /// starting and there is room for one.
        mutating func claimThread(maximum: Int) -> Bool {
            guard !starting, jobs.count - head > idle, threads < maximum else { return false }
            threads += 1
            starting = true
            return true
        }
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    private let maximumThreads: Int
    private let idleTimeout: Duration
    private let makeHandle: @Sendable () -> CurlEasyHandle?

    /// `makeHandle` is for tests, which time a thread's start-up.
    init(
        maximumThreads: Int, idleTimeout: Duration = .seconds(90),
        makeHandle: @escaping @Sendable () -> CurlEasyHandle? = { CurlEasyHandle() }
    ) {
        self.maximumThreads = maximumThreads
        self.idleTimeout = idleTimeout
        self.makeHandle = makeHandle
    }

    func submit(_ job: @escaping Job) {
        let startThread = state.withLock { state -> Bool in
            state.jobs.append(job)
            return state.claimThread(maximum: maximumThreads)
        }
        available.signal()
        if startThread { start() }
    }

    private func start() {
        do { try startThread() } catch { noThread() }
    }

    /// No thread could be started: the claim is given back, and when no thread is left to take
    /// the queue, its jobs are run here without a handle, so each reports that libcurl could
    /// not start instead of waiting for ever.
    private func noThread() {
        let orphaned = state.withLock { state -> [Job] in
            state.threads -= 1
            state.starting = false
            guard state.threads == 0 else { return [] }
            let jobs = Array(state.jobs[state.head...])
            state.jobs.removeAll()
            state.head = 0
            return jobs
        }
        // Each job signalled `available` once and no thread took it.
        for _ in orphaned { available.wait() }
        for job in orphaned { job(nil)() }
    }

    private func startThread() throws(ThreadStartError) {
        try BlockingThread.start { [self] in
            // Created here and never handed to another thread.
            var easy = makeHandle()
            let idleNanoseconds = Int(idleTimeout.components.seconds) * 1_000_000_000
            let another = state.withLock { state -> Bool in
                state.starting = false
                state.idle += 1
                return state.claimThread(maximum: maximumThreads)
            }
            if another { start() }
            while true {
                if available.wait(timeout: .now() + .nanoseconds(idleNanoseconds)) == .timedOut {
                    // Under the lock, a job queued just before the timeout is still seen (its
                    // signal is pending, so the next wait returns at once); otherwise this
                    // thread leaves, and `submit` starts a new one when needed.
                    let leave = state.withLock { state -> Bool in
                        state.idle -= 1
                        guard state.head >= state.jobs.count else { return false }
                        state.threads -= 1
                        return true
                    }
                    if leave { return }
                    state.withLock { $0.idle += 1 }
                    continue
                }
                let job = state.withLock { state -> Job in
                    state.idle -= 1
                    let job = state.jobs[state.head]
                    state.head += 1
                    if state.head > 64, state.head * 2 > state.jobs.count {
                        state.jobs.removeFirst(state.head)
                        state.head = 0
                    }
                    return job
                }
                if easy == nil { easy = makeHandle() }
                let report = job(easy)
                state.withLock { $0.idle += 1 }
                report()
            }
        }
    }
}
