import Foundation
import Synchronization
import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct WorkerPoolTests {
    final class Counter: Sendable {
        private let value = Mutex(0)
        func increment() { _ = incremented() }
        func incremented() -> Int { value.withLock { $0 += 1; return $0 } }
        var count: Int { value.withLock { $0 } }
    }

    static func burst(_ count: Int, pool: CurlWorkerPool, counter: Counter) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        pool.submit { easy in
                            if easy != nil { counter.increment() }
                            return { continuation.resume() }
                        }
                    }
                }
            }
        }
    }

    /// Every job runs, each with a handle, even when threads time out and leave between
    /// bursts of work.
    @Test func jobsRunAcrossIdleTimeouts() async throws {
        let pool = CurlWorkerPool(maximumThreads: 3, idleTimeout: .seconds(1))
        let counter = Counter()
        await Self.burst(20, pool: pool, counter: counter)
        try await Task.sleep(for: .milliseconds(1500))  // longer than the idle timeout
        await Self.burst(20, pool: pool, counter: counter)
        #expect(counter.count == 40)
    }

    /// While a thread makes its first handle (the first opens libcurl, holding the dynamic
    /// loader's locks, which `pthread_create` waits for), callers start no other thread; once
    /// it is made, that thread starts the threads the queued jobs need, and every job runs.
    /// Synchronous, with threads and semaphores: the concurrency pool's two threads are busy
    /// for seconds at a time under the whole suite, and a task's sleep would outlast the hold.
    @Test func noThreadStartsWhileOneMakesItsHandle() throws {
        let opened = DispatchSemaphore(value: 0)
        let handlesBegun = Counter()
        let pool = CurlWorkerPool(maximumThreads: 3, makeHandle: {
            if handlesBegun.incremented() == 1 { opened.wait() }
            return nil
        })
        let ran = Counter()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<3 {
            pool.submit { _ in
                Thread.sleep(forTimeInterval: 0.1)
                ran.increment()
                return { done.signal() }
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while handlesBegun.count < 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(handlesBegun.count == 1)
        #expect(ran.count == 0)
        opened.signal()
        for _ in 0..<3 { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(ran.count == 3)
        // Its handle made, the first thread found three jobs and itself free, and started another.
        while handlesBegun.count < 2, Date() < deadline.addingTimeInterval(10) { Thread.sleep(forTimeInterval: 0.005) }
        #expect(handlesBegun.count >= 2)
    }
}
