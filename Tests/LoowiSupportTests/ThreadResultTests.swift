import Synchronization
import Testing

@testable import LoowiSupport

@Suite(.timeLimit(.minutes(5))) struct ThreadResultTests {
    @Test func everyWaitGetsTheResultOfOneRun() {
        let runs = Mutex(0)
        let result = ThreadResult { () -> [Int]? in
            runs.withLock { $0 += 1 }
            return [1, 2, 3]
        }
        #expect(result.wait() == [1, 2, 3])
        #expect(result.wait() == [1, 2, 3])
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func aResultOfNothingIsStillAResult() {
        let result = ThreadResult { () -> Int?? in .some(nil) }
        #expect(result.wait() == .some(nil))
    }

    /// A wait with a limit comes back empty while the work is still running, then gets the
    /// result once it has finished.
    @Test func aWaitWithALimitComesBackWithoutAResultThatIsNotReady() {
        let release = Condition()
        let released = Mutex(false)
        let result = ThreadResult { () -> Int in
            release.lock()
            while !released.withLock({ $0 }) { release.wait() }
            release.unlock()
            return 7
        }
        #expect(result.wait(seconds: 0.05) == nil)
        release.lock()
        released.withLock { $0 = true }
        release.broadcast()
        release.unlock()
        #expect(result.wait(seconds: 60) == 7)
    }
}
