import Dispatch
import Foundation
import Synchronization

/// A few long-lived threads, each owning one libcurl easy handle.
///
/// Threads are started only when every existing one is busy, so a client that makes one
/// request at a time uses one thread and one kept-alive connection.
final class CurlWorkerPool: Sendable {
    /// Gets nil only when libcurl cannot create a handle; the job must still finish.
    typealias Job = @Sendable (CurlEasyHandle?) -> Void

    private struct State {
        var jobs: [Job] = []
        var head = 0
        var idle = 0
        var threads = 0
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    private let maximumThreads: Int

    init(maximumThreads: Int) {
        self.maximumThreads = maximumThreads
    }

    func submit(_ job: @escaping Job) {
        let startThread = state.withLock { state -> Bool in
            state.jobs.append(job)
            guard state.idle == 0, state.threads < maximumThreads else { return false }
            state.threads += 1
            return true
        }
        available.signal()
        if startThread { start() }
    }

    private func start() {
        let thread = Thread { [self] in
            // Created here and never handed to another thread.
            var easy = CurlEasyHandle()
            while true {
                state.withLock { $0.idle += 1 }
                available.wait()
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
                if easy == nil { easy = CurlEasyHandle() }
                job(easy)
            }
        }
        thread.name = "loowi.curl.worker"
        thread.start()
    }
}
