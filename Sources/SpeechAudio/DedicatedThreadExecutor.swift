import LoowiSupport

/// A serial executor that runs every job on one thread of its own. The speech engine uses it
/// because eSpeak NG blocks while it synthesises and keeps global state: its calls must never
/// run on (and block) the cooperative thread pool, and must always come from one place.
final class DedicatedThreadExecutor: SerialExecutor, @unchecked Sendable {
    // `jobs` is guarded by `condition`; the thread is the only consumer.
    private let condition = Condition()
    private var jobs: [UnownedJob] = []

    init() {
        BlockingThread.startOrExit { [self] in run() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.signal()
        condition.unlock()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
        }
    }
}
