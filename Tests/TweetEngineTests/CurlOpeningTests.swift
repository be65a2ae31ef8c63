import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// libcurl's opening held behind a start's first words. The gate is the process's, so each
/// hold here is short: another suite's request made meanwhile only waits as long. The tests
/// are synchronous, with a thread of their own: the concurrency pool's two threads are busy
/// for seconds at a time under the whole suite, and a task's sleep would outlast a hold.
@Suite(.serialized, .timeLimit(.minutes(5))) struct CurlOpeningTests {
    /// A thread that waits at the gate; `went` says how long after `start` it went on.
    final class Waiter: Sendable {
        private let seconds = Mutex<Double?>(nil)
        private let finished = DispatchSemaphore(value: 0)

        init(since start: ContinuousClock.Instant) {
            Thread.detachNewThread { [self] in
                CurlOpening.waitIfHeld()
                let elapsed = start.duration(to: .now)
                seconds.withLock { $0 = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18 }
                finished.signal()
            }
        }

        var went: Double? { seconds.withLock { $0 } }
        func waitUntilGone() -> Double? { finished.wait(timeout: .now() + 10) == .success ? went : nil }
    }

    @Test func aHeldOpeningWaitsForTheRelease() throws {
        let start = ContinuousClock.now
        CurlOpening.hold(atMost: .seconds(5))
        let waiter = Waiter(since: start)
        Thread.sleep(forTimeInterval: 0.15)
        #expect(waiter.went == nil)
        CurlOpening.release()
        let after = try #require(waiter.waitUntilGone())
        #expect(after >= 0.15 && after < 4.5)
    }

    @Test func aHeldOpeningGivesUpAfterItsTime() throws {
        let start = ContinuousClock.now
        CurlOpening.hold(atMost: .milliseconds(200))
        let waiter = Waiter(since: start)
        let after = try #require(waiter.waitUntilGone())
        #expect(after >= 0.19)
        CurlOpening.release()
    }

    /// Judged by what the gate did, not by a clock: a busy machine can stop any thread for
    /// longer than a bound would allow.
    @Test func anOpeningNotHeldDoesNotWait() {
        #expect(CurlOpening.waitIfHeld() == false)
        CurlOpening.hold(atMost: .seconds(5))
        CurlOpening.release()
        #expect(CurlOpening.waitIfHeld() == false)
    }
}
