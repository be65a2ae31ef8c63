import Foundation
import Synchronization

@testable import SpeechAudio

/// Records, per utterance, when its first sample reached the sink, in order.
final class UtteranceLog: Sendable {
    private let starts = Mutex<[(utterance: UInt64, nanos: UInt64)]>([])
    private let silences = Mutex<Int>(0)

    var observer: MixerObserver {
        MixerObserver(
            firstSpeechSample: { utterance, nanos in self.starts.withLock { $0.append((utterance, nanos)) } },
            silenced: { _ in self.silences.withLock { $0 += 1 } })
    }

    var order: [UInt64] { starts.withLock { $0.map(\.utterance) } }
    var silenceCount: Int { silences.withLock { $0 } }

    func started(_ utterance: UInt64) -> Bool { order.contains(utterance) }

    /// Waits until `utterance` has started: up to a minute, as a loaded machine (the whole suite
    /// starting at once beside other builds) has held a synthesis for more than 10 s; a start
    /// returns at once, so only a failure waits that long.
    func waitForStart(of utterance: UInt64, seconds: Double = 60) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if started(utterance) { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        // A sleep that overran the deadline (a starved pool) must not hide a start made meanwhile.
        return started(utterance)
    }
}

enum PCM {
    static func rms(_ samples: [Int16]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32_768
    }

    static func seconds(_ samples: [Int16]) -> Double {
        Double(samples.count) / Double(AudioFormat.sampleRate)
    }

    /// Samples from the first to the last that is not near silence.
    static func voicedLength(_ samples: [Int16]) -> Int {
        let loud = { (sample: Int16) in abs(Int(sample)) > 64 }
        guard let first = samples.firstIndex(where: loud), let last = samples.lastIndex(where: loud) else { return 0 }
        return last - first + 1
    }
}

/// Speaks `text` into a capture sink and returns the PCM.
func synthesize(_ text: String, settings: SpeechSettings = SpeechSettings()) async throws -> [Int16] {
    let sink = CaptureSink()
    let pipeline = try await SpeechPipeline(sink: sink, settings: settings)
    await pipeline.speak(text, priority: .announcement)
    await pipeline.finish()
    return sink.samples
}

let longText = """
    The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves. \
    Today I tried loowi over SSH on a console with no screen reader at all, and every key answered at once. \
    Next come threads, lists and a proper keypad for the phone.
    """
