import Synchronization
import Testing

@testable import LoowiSupport

@Suite struct ThreadResultTests {
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
}
