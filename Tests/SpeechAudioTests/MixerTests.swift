import Glibc
import Synchronization
import Testing
import TextSafety

@testable import SpeechAudio

@Suite("Mixer", .timeLimit(.minutes(5)))
struct MixerTests {
    private func mix(speech: [Int16], earcon: [Int16]) -> [Int16] {
        let sink = CaptureSink()
        let mixer = AudioMixer(sink: sink, started: false)
        mixer.play(earcon)
        mixer.appendSpeech(speech, utterance: 1, interruptible: true)
        mixer.start()
        mixer.shutdown()
        return sink.samples
    }

    @Test("speech and an earcon are summed exactly while they fit")
    func sums() {
        let speech = (0..<2_000).map { Int16(truncatingIfNeeded: ($0 % 200 - 100) * 50) }
        let earcon = (0..<500).map { Int16(truncatingIfNeeded: ($0 % 50 - 25) * 100) }
        let output = mix(speech: speech, earcon: earcon)
        #expect(output.count == speech.count)
        for index in 0..<500 { #expect(output[index] == speech[index] + earcon[index]) }
        #expect(Array(output[500...]) == Array(speech[500...]))
    }

    @Test("a loud earcon over loud speech bends smoothly instead of clipping")
    func noClipping() {
        let speech = [Int16](repeating: 30_000, count: 1_000) + [Int16](repeating: -30_000, count: 1_000)
        let earcon = [Int16](repeating: 20_000, count: 1_000) + [Int16](repeating: -20_000, count: 1_000)
        let output = mix(speech: speech, earcon: earcon)
        #expect(output.count == 2_000)
        #expect(output.allSatisfy { $0 < Int16.max && $0 > Int16.min + 1 })
        #expect(output[0] > 30_000 && output[1_500] < -30_000)
        // Louder input never comes out quieter.
        #expect(SoftLimiter.limit(40_000) < SoftLimiter.limit(50_000))
        #expect(SoftLimiter.limit(50_000) < SoftLimiter.limit(90_000))
    }

    @Test("an earcon never cuts speech off: both are heard in full")
    func earconDoesNotCutSpeech() {
        let speech = [Int16](repeating: 1_000, count: 300)
        let earcon = [Int16](repeating: 500, count: 3_000)
        let output = mix(speech: speech, earcon: earcon)
        #expect(output.count == 3_000)
        #expect(output[0..<300].allSatisfy { $0 == 1_500 })
        #expect(output[300...].allSatisfy { $0 == 500 })
    }

    @Test("earcon gain scales only the earcon")
    func gain() {
        let sink = CaptureSink()
        let mixer = AudioMixer(sink: sink, started: false)
        mixer.earconGain = 0.5
        mixer.play([Int16](repeating: 1_000, count: 100))
        mixer.appendSpeech([Int16](repeating: 1_000, count: 100), utterance: 1, interruptible: true)
        mixer.start()
        mixer.shutdown()
        #expect(sink.samples == [Int16](repeating: 1_500, count: 100))
    }

    @Test("the observer hears each sound's first sample once, after it reached the sink")
    func firstEarconSample() {
        let sink = CaptureSink()
        let mixer = AudioMixer(sink: sink, blockMilliseconds: 10, started: false)
        let starts = Mutex<[(nanos: UInt64, written: Int)]>([])
        mixer.setObserver(MixerObserver(firstEarconSample: { nanos in starts.withLock { $0.append((nanos, sink.samples.count)) } }))
        let before = MonotonicClock.nanoseconds()
        // Two sounds longer than a block: each is told once, not once per block it spans.
        mixer.play([Int16](repeating: 700, count: 2_000))
        mixer.play([Int16](repeating: 300, count: 2_000))
        mixer.start()
        mixer.shutdown()
        let heard = starts.withLock { $0 }
        #expect(heard.count == 2)
        #expect(heard.allSatisfy { $0.nanos >= before && $0.written > 0 })
        // Speech alone makes no sound start.
        let quiet = AudioMixer(sink: CaptureSink(), started: false)
        let none = Mutex(0)
        quiet.setObserver(MixerObserver(firstEarconSample: { _ in none.withLock { $0 += 1 } }))
        quiet.appendSpeech([Int16](repeating: 100, count: 2_000), utterance: 1, interruptible: true)
        quiet.start()
        quiet.shutdown()
        #expect(none.withLock { $0 } == 0)
    }

    @Test("what waits for the first words runs once, after speech (not a sound) reached the sink")
    func afterFirstWords() {
        let sink = CaptureSink()
        let mixer = AudioMixer(sink: sink, blockMilliseconds: 10, started: false)
        let runs = Mutex<[Int]>([])
        mixer.afterFirstWords { runs.withLock { $0.append(sink.samples.count) } }
        mixer.play([Int16](repeating: 500, count: 2_000))
        mixer.start()
        mixer.waitUntilIdle()
        #expect(runs.withLock { $0 }.isEmpty)
        mixer.appendSpeech([Int16](repeating: 100, count: 2_000), utterance: 1, interruptible: true)
        mixer.appendSpeech([Int16](repeating: 100, count: 2_000), utterance: 2, interruptible: true)
        mixer.waitUntilIdle()
        let heard = runs.withLock { $0 }
        #expect(heard.count == 1)
        #expect(heard.allSatisfy { $0 > 2_000 })  // after the sound, with the first speech written
        // Asked once the words were heard: at once.
        let late = Mutex(false)
        mixer.afterFirstWords { late.withLock { $0 = true } }
        #expect(late.withLock { $0 })
        mixer.shutdown()
    }

    /// Waits (on this thread: the cooperative pool may be starved under the whole suite)
    /// until the sink holds `frames` samples.
    private func waitUntil(_ sink: CaptureSink, holds frames: Int) -> Bool {
        for _ in 0..<5_000 where sink.samples.count < frames { usleep(1_000) }
        return sink.samples.count >= frames
    }

    @Test("sounds under one utterance all start with its first sample")
    func soundsUnderOneUtterance() {
        let sink = CaptureSink()
        let mixer = AudioMixer(sink: sink, started: false)
        // A boundary sound and a glance for the same words.
        mixer.overlay([Int16](repeating: 300, count: 200), on: 1)
        mixer.overlay([Int16](repeating: 20, count: 100), on: 1)
        mixer.appendSpeech([Int16](repeating: 1_000, count: 500), utterance: 1, interruptible: true)
        mixer.start()
        mixer.shutdown()
        let out = sink.samples
        #expect(out.count == 500)
        #expect(out[0..<100].allSatisfy { $0 == 1_320 })
        #expect(out[100..<200].allSatisfy { $0 == 1_300 })
        #expect(out[200...].allSatisfy { $0 == 1_000 })
    }

    @Test("a sound asked for just before an interrupt is heard from the play position, not a lead later")
    func soundBeforeAnInterruptStartsAtThePlayPosition() {
        let sink = CaptureSink(realtime: true)
        let mixer = AudioMixer(sink: sink, leadMilliseconds: 200, blockMilliseconds: 10)
        mixer.appendSpeech([Int16](repeating: 1_000, count: AudioFormat.frames(milliseconds: 600)), utterance: 1, interruptible: true)
        #expect(waitUntil(sink, holds: AudioFormat.frames(milliseconds: 100)))
        // A sound, then an interrupt: the sound was asked for at the end of what was written,
        // a lead ahead of what is heard, and that is flushed.
        mixer.play([Int16](repeating: 500, count: AudioFormat.frames(milliseconds: 20)))
        mixer.dropSpeech(all: false)
        mixer.waitUntilIdle()
        let output = sink.samples
        #expect(sink.flushCount == 1)
        if let flushed = sink.flushedAt.last, flushed < output.count {
            #expect(output[flushed] == 500, "the sound begins where the flush left the timeline")
            #expect(output.count - flushed == AudioFormat.frames(milliseconds: 20))
        }
        mixer.shutdown()
    }

    @Test("a chunk of dropped words that arrives after the drop is refused; important words and silence are not")
    func lateChunksOfDroppedWordsAreRefused() {
        // Jobs deliver as a synthesis thread would, after the interrupt or hush that cancels
        // them has marked them and dropped the queue, the order the pipeline follows.
        func job(_ utterance: UInt64, _ priority: SpeechPriority, _ mixer: AudioMixer, _ generations: SpeechGenerations) -> SynthesisJob {
            SynthesisJob(text: SpeakableText(""), settings: SpeechSettings(), utterance: utterance, priority: priority, mixer: mixer, generations: generations)
        }
        let sink = CaptureSink()
        let mixer = AudioMixer(sink: sink, started: false)
        let generations = SpeechGenerations()
        let reading = job(4, .interrupt, mixer, generations)
        let error = job(4, .important, mixer, generations)
        // An interrupt for utterance 5: a synthesis thread still delivers a chunk of 4.
        generations.interrupt.add(1, ordering: .acquiringAndReleasing)
        mixer.dropSpeech(all: false)
        reading.deliver([Int16](repeating: 4, count: 100))
        error.deliver([Int16](repeating: 40, count: 100))  // important
        mixer.appendSpeech([Int16](repeating: 0, count: 50), utterance: 0, interruptible: true)  // silence
        job(5, .interrupt, mixer, generations).deliver([Int16](repeating: 5, count: 100))
        mixer.start()
        mixer.waitUntilIdle()
        #expect(sink.samples == [Int16](repeating: 40, count: 100) + [Int16](repeating: 0, count: 50) + [Int16](repeating: 5, count: 100))
        // A hush before utterance 7: nothing asked before it is taken any more, important or not.
        let important = job(6, .important, mixer, generations)
        generations.hush.add(1, ordering: .acquiringAndReleasing)
        mixer.dropSpeech(all: true)
        important.deliver([Int16](repeating: 6, count: 100))
        job(7, .interrupt, mixer, generations).deliver([Int16](repeating: 7, count: 100))
        mixer.shutdown()
        #expect(Array(sink.samples.dropFirst(250)) == [Int16](repeating: 7, count: 100))
    }
}
