import Foundation
import LoowiSupport
import Synchronization
import Testing

@testable import SpeechAudio

/// Issue 36, item 5: the sound device opens on a thread of its own and is waited for until a
/// deadline; a device that never answers leaves the start silent, not stuck.
@Suite("Device opening", .timeLimit(.minutes(5)))
struct DeviceOpeningTests {
    /// A sink that says whether it was closed.
    final class ClosingSink: AudioSink, Sendable {
        private let closedFlag = Mutex(false)
        var closed: Bool { closedFlag.withLock { $0 } }
        var isRealtime: Bool { true }
        func write(_ samples: UnsafeBufferPointer<Int16>) {}
        func flush() {}
        func drain() {}
        func close() { closedFlag.withLock { $0 = true } }
    }

    /// An opener held until the test lets it go: a sound server that never answers.
    final class Gate: Sendable {
        private let condition = Condition()
        private let open = Mutex(false)
        func wait() {
            condition.lock()
            while !open.withLock({ $0 }) { condition.wait() }
            condition.unlock()
        }
        func release() {
            condition.lock()
            open.withLock { $0 = true }
            condition.broadcast()
            condition.unlock()
        }
    }

    @Test func aDeviceThatNeverAnswersIsGivenUpAtTheDeadline() async {
        let gate = Gate()
        let late = ClosingSink()
        let opening = DeviceOpening(deadline: .milliseconds(50)) {
            gate.wait()
            return late
        }
        let outcome = await opening.sink()
        guard case .noAnswer = outcome else {
            Issue.record("expected no answer, got \(outcome)")
            gate.release()
            return
        }
        // The device that answers after all is closed, not left holding a stream.
        gate.release()
        let closedBy = ContinuousClock.now + .seconds(10)
        while !late.closed, ContinuousClock.now < closedBy { try? await Task.sleep(for: .milliseconds(2)) }
        #expect(late.closed)
    }

    @Test func aDeviceThatAnswersIsTaken() async {
        let sink = ClosingSink()
        // A deadline no test waits for: the answer comes first.
        let outcome = await DeviceOpening(deadline: .seconds(600)) { sink }.sink()
        guard case .opened(let opened) = outcome else {
            Issue.record("expected the device, got \(outcome)")
            return
        }
        #expect(opened === sink)
        #expect(!sink.closed)
    }
}
