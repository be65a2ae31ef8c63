import Foundation
import Synchronization
import Testing

/// Four threads fighting for one `Mutex`. In a normal build it checks that no update is lost.
/// Under the thread sanitizer (scripts/tsan) it is the check that TSan sees the lock: with
/// `Synchronization.Mutex` on Linux, TSan reported these accesses as races (a contended lock
/// is handed over in the kernel), which is why TSan builds use Tests/TSan/TSanMutex.swift.
@Suite(.timeLimit(.minutes(5))) struct MutexContentionTests {
    final class Shared: Sendable {
        struct Tally {
            var total = 0
            var recent: [Int] = []
        }
        let tally = Mutex(Tally())
    }

    @Test func contendedUpdatesAreNeitherLostNorRacy() {
        let shared = Shared()
        let threads = 4
        let rounds = 5_000
        let finished = Mutex(0)
        for thread in 0..<threads {
            Thread {
                for round in 0..<rounds {
                    shared.tally.withLock { tally in
                        tally.total += 1
                        tally.recent.append(thread * rounds + round)
                        if tally.recent.count > 64 { tally.recent.removeAll(keepingCapacity: true) }
                    }
                }
                finished.withLock { $0 += 1 }
            }.start()
        }
        while finished.withLock({ $0 }) < threads { Thread.sleep(forTimeInterval: 0.001) }
        #expect(shared.tally.withLock { $0.total } == threads * rounds)
    }
}
