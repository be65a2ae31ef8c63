import Foundation
import Synchronization
import Testing

@testable import SpeechAudio

/// A real-time sink whose first write waits, as a device with a full buffer does, until the
/// mixer tells it to give up; it records what happened, in order.
private final class FullDeviceSink: AudioSink, @unchecked Sendable {
    enum Event: Equatable {
        case writeWaiting, writeGaveUp, writeTimedOut, flushed
        case wrote(first: Int16, count: Int)
    }

    private let state = Mutex<(events: [Event], interrupted: Bool, waitedOnce: Bool)>(([], false, false))
    var events: [Event] { state.withLock { $0.events } }
    var isRealtime: Bool { true }

    func write(_ samples: UnsafeBufferPointer<Int16>) {
        let mustWait = state.withLock { state -> Bool in
            defer { state.waitedOnce = true }
            if !state.waitedOnce { state.events.append(.writeWaiting) }
            return !state.waitedOnce
        }
        if mustWait {
            // Long enough for a loaded machine running the whole suite in parallel: only a
            // missing interrupt should ever reach it.
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline, !state.withLock({ $0.interrupted }) { usleep(500) }
            state.withLock { $0.events.append($0.interrupted ? .writeGaveUp : .writeTimedOut) }
            return
        }
        state.withLock { $0.events.append(.wrote(first: samples.first ?? 0, count: samples.count)) }
    }

    func interruptWrite() { state.withLock { $0.interrupted = true } }
    func flush() { state.withLock { $0.events.append(.flushed); $0.interrupted = false } }
    func drain() {}
    func close() {}
}

@Suite(.timeLimit(.minutes(5)))
struct InterruptedWriteTests {
    @Test("an interrupt frees a write stuck on a full device, flushes, and the next speech is written whole")
    func interruptFreesStuckWrite() async {
        let sink = FullDeviceSink()
        let mixer = AudioMixer(sink: sink, leadMilliseconds: 1_000, blockMilliseconds: 10)
        mixer.appendSpeech([Int16](repeating: 100, count: 4_410), utterance: 1, interruptible: true)
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, !sink.events.contains(.writeWaiting) { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(sink.events == [.writeWaiting])

        mixer.dropSpeech(all: false)
        mixer.appendSpeech([Int16](repeating: 200, count: 441), utterance: 2, interruptible: true)
        mixer.waitUntilIdle()
        mixer.shutdown()

        // The stuck write gave up before the flush, and the new utterance came after it, in
        // full: nothing of the old speech, nothing of the new lost.
        let events = sink.events
        #expect(Array(events.prefix(3)) == [.writeWaiting, .writeGaveUp, .flushed])
        let after = events.dropFirst(3).compactMap { event -> (first: Int16, count: Int)? in
            if case .wrote(let first, let count) = event { return (first, count) }
            return nil
        }
        #expect(after.count == events.count - 3)
        #expect(after.allSatisfy { $0.first == 200 })
        #expect(after.reduce(0) { $0 + $1.count } == 441)
    }

    @Test("speech that an interrupt spares is not made to give up its write")
    func importantSpeechKeepsItsWrite() async {
        let sink = FullDeviceSink()
        let mixer = AudioMixer(sink: sink, leadMilliseconds: 1_000, blockMilliseconds: 10)
        mixer.appendSpeech([Int16](repeating: 300, count: 441), utterance: 1, interruptible: false)
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, !sink.events.contains(.writeWaiting) { try? await Task.sleep(for: .milliseconds(1)) }
        mixer.dropSpeech(all: false)
        // Nothing interruptible was written, so no flush is asked for and the write is left to
        // wait: the sink is never told to give up.
        try? await Task.sleep(for: .milliseconds(50))
        #expect(sink.events == [.writeWaiting])
        sink.interruptWrite()  // let the test end
        mixer.shutdown()
    }
}
