import Foundation
import Synchronization
import Testing
@testable import TweetEngine

@Suite struct WorkerPoolTests {
    final class Counter: Sendable {
        private let value = Mutex(0)
        func increment() { value.withLock { $0 += 1 } }
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
}
