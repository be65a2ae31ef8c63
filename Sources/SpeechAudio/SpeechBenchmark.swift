import FoundationEssentials
import Synchronization

/// Measures the key-to-speech path through the real engine and mixer: the time from an
/// interrupting `speak` (what a focus change does) to its first PCM sample being handed to a
/// real-time sink, and the time from an interrupt to the sink being silenced.
public enum SpeechBenchmark {
    public struct Result: Sendable {
        public var keyToFirstSampleMilliseconds: [Double]
        public var interruptToSilenceMilliseconds: [Double]
        /// Down on a 500-character post: the whole post is one utterance.
        public var longPostKeyToFirstSampleMilliseconds: [Double]
    }

    /// A long post as a timeline reads it (name, text, time, position), 500 characters.
    static let longPost = String(
        String(repeating: "Grace Okafor. Spent the morning at the market with the new neighbours, who had never tasted calçots before, "
            + "and by noon the whole street was arguing cheerfully about the right sauce, the right wine and the right way to peel them ", count: 3)
            .prefix(480)) + ". 3 minutes ago, 12 of 200"

    /// Focus-change utterances: short control labels and a 280-character post.
    static let utterances = [
        "Reply, button",
        "Boost, button",
        "Ada Lovelace",
        "3 minutes ago",
        "Post 12 of 200",
        String(
            "The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves. "
                + "Today I tried loowi over SSH on a console with no screen reader at all, and every key answered at once. "
                + "Next: threads, lists and a proper keypad for the phone. #a11y #mastodon".prefix(280)),
    ]

    /// `sink` is where the first samples are timed: after its `write` returns, so a real
    /// device's time to take them is counted.
    public static func run(iterations: Int = 200, sink: AudioSink = CaptureSink(realtime: true, keepSamples: false)) async throws(SpeechError) -> Result {
        let firstSamples = Mutex<[UInt64: UInt64]>([:])
        let silences = Mutex<[UInt64]>([])
        let pipeline = try await SpeechPipeline(sink: sink)
        pipeline.mixer.setObserver(
            MixerObserver(
                firstSpeechSample: { utterance, nanos in firstSamples.withLock { $0[utterance] = nanos } },
                silenced: { nanos in silences.withLock { $0.append(nanos) } }))

        // Warm up: the first utterance loads the voice.
        pipeline.enqueue("Ready", priority: .interrupt)
        await pipeline.waitUntilIdle()

        var keyToFirst: [Double] = []
        var interruptToSilence: [Double] = []
        var previousWasPlaying = false
        for index in 0..<iterations {
            let text = utterances[index % utterances.count]
            let start = MonotonicClock.nanoseconds()
            let utterance = pipeline.enqueue(text, priority: .interrupt)
            guard let first = await waitFor({ firstSamples.withLock { $0[utterance] } }) else { continue }
            keyToFirst.append(milliseconds(from: start, to: first))
            if previousWasPlaying, let silenced = silences.withLock({ $0.first { $0 >= start } }) {
                interruptToSilence.append(milliseconds(from: start, to: silenced))
            }
            silences.withLock { $0.removeAll() }
            // Let the utterance play a little, so the next key interrupts it mid-sentence.
            try? await Task.sleep(for: .milliseconds(15 + index % 4 * 10))
            previousWasPlaying = true
        }
        var longPost: [Double] = []
        for index in 0..<max(10, iterations / 4) {
            let start = MonotonicClock.nanoseconds()
            let utterance = pipeline.enqueue(Self.longPost, priority: .interrupt)
            guard let first = await waitFor({ firstSamples.withLock { $0[utterance] } }) else { continue }
            longPost.append(milliseconds(from: start, to: first))
            try? await Task.sleep(for: .milliseconds(15 + index % 4 * 10))
        }
        await pipeline.stop()
        await pipeline.finish()
        return Result(
            keyToFirstSampleMilliseconds: keyToFirst, interruptToSilenceMilliseconds: interruptToSilence, longPostKeyToFirstSampleMilliseconds: longPost)
    }

    /// Polls `value` every 0.2 ms for up to `seconds` (3 by default): the benchmarks' wait for
    /// a first sample. A test that runs a benchmark on a shared machine gives it longer: the
    /// test checks that the sound comes, the bench how soon.
    public static func waitFor(seconds: UInt64 = 3, _ value: @Sendable () -> UInt64?) async -> UInt64? {
        let deadline = MonotonicClock.nanoseconds() + seconds * 1_000_000_000
        while MonotonicClock.nanoseconds() < deadline {
            if let found = value() { return found }
            try? await Task.sleep(for: .microseconds(200))
        }
        return nil
    }

    private static func milliseconds(from start: UInt64, to end: UInt64) -> Double {
        Double(end &- start) / 1_000_000
    }
}
