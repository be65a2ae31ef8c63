import Foundation
import Localization
import LoowiSupport
import SpeechAudio
import Testing

@testable import LoowiApp

/// Issue 36, item 5: a sound device that never answers is given up after the deadline, said in
/// the user's language, and the start carries on silent.
@Suite("Sound device start", .timeLimit(.minutes(5)))
struct SoundDeviceStartTests {
    final class Gate: Sendable {
        private let condition = Condition()
        nonisolated(unsafe) private var open = false
        func wait() {
            condition.lock()
            while !open { condition.wait() }
            condition.unlock()
        }
        func release() {
            condition.lock()
            open = true
            condition.broadcast()
            condition.unlock()
        }
    }

    @Test(arguments: [
        (Language.britishEnglish, "No sound device answered; loowi carries on without sound."),
        (Language.spanish, "Ningún dispositivo de sonido ha respondido; loowi sigue sin sonido."),
        (Language.catalan, "Cap dispositiu de so no ha respost; loowi continua sense so."),
    ])
    func aDeviceThatNeverAnswersIsSaidAndTheStartGoesOnSilent(language: Language, sentence: String) async {
        let gate = Gate()
        defer { gate.release() }
        // The deadline is injected: the test waits 50 ms, not the 2 s a user would.
        let opening = DeviceOpening(deadline: .milliseconds(50)) {
            gate.wait()
            return NullSink()
        }
        let (sink, notice) = await SoundDeviceStart.sink(from: opening, language: language)
        #expect(notice == sentence)
        #expect(sink is NullSink)
        #expect(!sink.isRealtime)
    }

    @Test func aDeviceThatAnswersIsUsedWithoutANotice() async {
        let device = CaptureSink(realtime: true, keepSamples: false)
        let (sink, notice) = await SoundDeviceStart.sink(from: DeviceOpening(deadline: .seconds(600)) { device }, language: .spanish)
        #expect(notice == nil)
        #expect(sink === device)
    }
}
