import FoundationEssentials
import LoowiSupport

/// The single audio path: speech PCM and earcons are summed here and written to one sink by
/// one output thread, so an earcon never cuts speech off and the device is opened once.
///
/// Frames are counted on one timeline (`written`). For a real-time sink the mixer keeps at
/// most `lead` frames ahead of the clock, so an earcon asked for now is heard now; an
/// interrupt drops queued speech, makes a write waiting in the sink give up and flushes the
/// device, and earcons are re-mixed from the play position because they are addressed by
/// timeline frame, not consumed.
public final class AudioMixer: @unchecked Sendable {
    // All mutable state is guarded by `condition`; the sink is called only from the output
    // thread, outside the lock.
    private let condition = Condition()
    private let sink: AudioSink
    private let blockFrames: Int
    private let leadFrames: UInt64

    private var speech: [SpeechChunk] = []
    private var speechHead = 0
    private var voices: [Voice] = []
    private var written: UInt64 = 0
    /// Real time: the timeline frame and clock time at which the current stream started.
    private var streamStartFrame: UInt64 = 0
    private var streamStartNanos: UInt64 = 0
    /// The end of the last interruptible speech written, to know if a flush is needed.
    private var interruptibleWrittenUntil: UInt64 = 0
    /// The output thread is inside `sink.write` with interruptible speech in the block. The
    /// clock says nothing then: a write that waits on a full device has not been played,
    /// however long it waits, so an interrupt must free it.
    private var writingInterruptible = false
    private var flushRequested = false
    private var stopping = false
    private var stopped = false
    private var lastStartedUtterance: UInt64 = 0
    /// Sounds that start with the first sample of an utterance not begun yet (a post's glance,
    /// the earcons that come with the words).
    private var overlays: [UInt64: [[Int16]]] = [:]
    private var earconGainValue: Float = 1
    private var observer = MixerObserver()
    /// Run once, after the first speech sample is handed to the sink; nil once it was.
    private var afterFirstWords: [@Sendable () -> Void]? = []

    struct SpeechChunk {
        var samples: [Int16]
        var offset = 0
        var utterance: UInt64
        var interruptible: Bool
        var remaining: Int { samples.count - offset }
    }

    struct Voice {
        var start: UInt64
        var samples: [Int16]
        /// Its first frame was mixed (a flush that rewinds the timeline mixes it again).
        var begun = false
        var end: UInt64 { start + UInt64(samples.count) }
    }

    /// `started: false` holds the output thread until `start()`, so tests can queue inputs
    /// that must be mixed together.
    public init(sink: AudioSink, leadMilliseconds: Double = 40, blockMilliseconds: Double = 10, started: Bool = true) {
        self.sink = sink
        self.blockFrames = max(1, AudioFormat.frames(milliseconds: blockMilliseconds))
        self.leadFrames = UInt64(AudioFormat.frames(milliseconds: leadMilliseconds))
        if started { start() }
    }

    public func start() {
        BlockingThread.startOrExit { [self] in run() }
    }

    /// Gain applied to earcons, 0...1 (the sounds volume setting).
    public var earconGain: Float {
        get { locked { earconGainValue } }
        set { locked { earconGainValue = min(max(newValue, 0), 1) } }
    }

    /// Instrumentation for benchmarks and tests; called on the output thread.
    public func setObserver(_ observer: MixerObserver) {
        locked { self.observer = observer }
    }

    /// Runs `action` once the first sample of speech has been handed to the sink, on the
    /// output thread; at once if it has. The app opens libcurl then (`CurlOpening`).
    public func afterFirstWords(_ action: @escaping @Sendable () -> Void) {
        let spoken = locked { () -> Bool in
            guard afterFirstWords != nil else { return true }
            afterFirstWords?.append(action)
            return false
        }
        if spoken { action() }
    }

    // MARK: Input

    /// `stillWanted` is asked under the lock. An interrupt or hush marks its jobs cancelled
    /// before it takes the lock to drop the queue, so a chunk is either dropped with the queue
    /// or refused here: asked before delivering, a job could be interrupted in between, and
    /// its chunk was heard behind the next words' first block, up to a lead (40 ms) late.
    func appendSpeech(_ samples: [Int16], utterance: UInt64, interruptible: Bool, stillWanted: () -> Bool = { true }) {
        guard !samples.isEmpty else { return }
        condition.lock()
        guard stillWanted() else {
            condition.unlock()
            return
        }
        speech.append(SpeechChunk(samples: samples, utterance: utterance, interruptible: interruptible))
        condition.broadcast()
        condition.unlock()
    }

    /// A pause in the speech stream (between items of the sound tutorial, for example).
    public func appendSilence(milliseconds: Double) {
        appendSpeech([Int16](repeating: 0, count: AudioFormat.frames(milliseconds: milliseconds)), utterance: 0, interruptible: true)
    }

    /// Plays a sound over whatever is being said.
    public func play(_ samples: [Int16]) {
        guard !samples.isEmpty else { return }
        condition.lock()
        voices.append(Voice(start: written, samples: samples))
        condition.broadcast()
        condition.unlock()
    }

    /// Plays `samples` from the first sample of `utterance`, under its first syllables; at once
    /// when it has begun already. Utterance numbers only grow, so one below the last begun is over.
    func overlay(_ samples: [Int16], on utterance: UInt64) {
        guard !samples.isEmpty else { return }
        condition.lock()
        if utterance <= lastStartedUtterance {
            voices.append(Voice(start: written, samples: samples))
        } else {
            overlays[utterance, default: []].append(samples)
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Drops queued speech at once: only interruptible speech, or everything (hush). The
    /// device is flushed if interrupted speech may still be in its buffer.
    func dropSpeech(all: Bool) {
        condition.lock()
        let live = speech[speechHead...].filter { !all && !$0.interruptible }
        speech = Array(live)
        speechHead = 0
        // A glance waits only for speech still queued: the rest was cut off before it began.
        let waiting = Set(live.map(\.utterance))
        overlays = overlays.filter { waiting.contains($0.key) }
        if sink.isRealtime, writingInterruptible || interruptibleWrittenUntil > playedFrame(now: MonotonicClock.nanoseconds()) || all {
            flushRequested = true
            // Under the lock, so the output thread cannot have taken this flush yet: the sink
            // drops writes only until the flush that follows.
            sink.interruptWrite()
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until everything queued has been written and, for a real-time sink, played.
    public func waitUntilIdle() {
        condition.lock()
        while !stopped && !isIdle(now: MonotonicClock.nanoseconds()) {
            _ = condition.wait(seconds: 0.005)
        }
        condition.unlock()
    }

    /// Waits for what is queued, stops the output thread, drains and closes the sink.
    public func shutdown() {
        waitUntilIdle()
        condition.lock()
        stopping = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
        sink.drain()
        sink.close()
    }

    // MARK: Output thread

    private func run() {
        var block = [Int16](repeating: 0, count: blockFrames)
        var accumulator = [Float](repeating: 0, count: blockFrames)
        condition.lock()
        while !stopping {
            let now = MonotonicClock.nanoseconds()
            if flushRequested {
                flushRequested = false
                rewind(to: playedFrame(now: now))
                let silenced = observer.silenced
                condition.unlock()
                sink.flush()
                silenced?(MonotonicClock.nanoseconds())
                condition.lock()
                continue
            }
            guard hasWork else {
                condition.broadcast()  // idle waiters
                condition.wait()
                continue
            }
            if sink.isRealtime {
                let played = playedFrame(now: now)
                if played >= written {
                    streamStartFrame = written  // an underrun: the device starts a new stream
                    streamStartNanos = now
                } else if written - played >= leadFrames {
                    let waitFrames = written - played - leadFrames + UInt64(blockFrames / 2)
                    _ = condition.wait(seconds: Double(waitFrames) / Double(AudioFormat.sampleRate))
                    continue
                }
            }
            let blockStart = written
            // When this block will be heard, by the mixer's clock: not before it is handed over.
            let playsAt = sink.isRealtime ? streamStartNanos &+ (blockStart &- streamStartFrame) &* 1_000_000_000 / UInt64(AudioFormat.sampleRate) : 0
            let mixed = mix(into: &accumulator, output: &block)
            let started = mixed.startedUtterances
            let firstSample = observer.firstSpeechSample
            let firstEarconSample = observer.firstEarconSample
            writingInterruptible = interruptibleWrittenUntil > blockStart
            let firstWords = started.isEmpty ? nil : afterFirstWords
            if firstWords != nil { afterFirstWords = nil }
            condition.unlock()
            block.withUnsafeBufferPointer { sink.write(UnsafeBufferPointer(rebasing: $0[0..<mixed.frames])) }
            if let firstSample, !started.isEmpty {
                let time = max(MonotonicClock.nanoseconds(), playsAt)
                for utterance in started { firstSample(utterance, time) }
            }
            if let firstEarconSample, mixed.startedVoices > 0 {
                let time = MonotonicClock.nanoseconds()
                for _ in 0..<mixed.startedVoices { firstEarconSample(time) }
            }
            for action in firstWords ?? [] { action() }
            condition.lock()
            writingInterruptible = false
        }
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Moves the timeline back to `frame` (the play position) when the device is flushed.
    /// Sounds that start after it were asked for at the end of what was written, up to a lead
    /// ahead of what is heard (a boundary sound before an interrupting item), and none of
    /// them was heard: they start at `frame`, as if asked for now.
    private func rewind(to frame: UInt64) {
        written = frame
        interruptibleWrittenUntil = min(interruptibleWrittenUntil, frame)
        for index in voices.indices where voices[index].start > frame {
            voices[index].start = frame
        }
    }

    private var hasWork: Bool {
        speechHead < speech.count || voices.contains { $0.end > written }
    }

    private func isIdle(now: UInt64) -> Bool {
        !hasWork && (!sink.isRealtime || playedFrame(now: now) >= written)
    }

    private func playedFrame(now: UInt64) -> UInt64 {
        guard sink.isRealtime else { return written }
        let elapsed = (now &- streamStartNanos) * UInt64(AudioFormat.sampleRate) / 1_000_000_000
        return min(written, streamStartFrame + elapsed)
    }

    /// Mixes the next block; called with the lock held.
    private func mix(into accumulator: inout [Float], output: inout [Int16]) -> (frames: Int, startedUtterances: [UInt64], startedVoices: Int) {
        let voicesLeft = voices.map { $0.end > written ? Int($0.end - written) : 0 }.max() ?? 0
        var speechAvailable = 0
        for chunk in speech[speechHead...] {
            speechAvailable += chunk.remaining
            if speechAvailable >= blockFrames { break }
        }
        let frames = min(blockFrames, max(voicesLeft, speechAvailable))
        for index in 0..<frames { accumulator[index] = 0 }

        var started: [UInt64] = []
        var filled = 0
        while filled < frames, speechHead < speech.count {
            let take = min(frames - filled, speech[speechHead].remaining)
            let chunk = speech[speechHead]
            if chunk.utterance != 0, chunk.utterance != lastStartedUtterance {
                lastStartedUtterance = chunk.utterance
                started.append(chunk.utterance)
                if let sounds = overlays.removeValue(forKey: chunk.utterance) {
                    for sound in sounds { voices.append(Voice(start: written + UInt64(filled), samples: sound)) }
                    observer.overlayStarted?(chunk.utterance, written + UInt64(filled))
                }
            }
            for index in 0..<take { accumulator[filled + index] = Float(chunk.samples[chunk.offset + index]) }
            if chunk.interruptible { interruptibleWrittenUntil = written + UInt64(filled + take) }
            filled += take
            speech[speechHead].offset += take
            if speech[speechHead].remaining == 0 { speechHead += 1 }
        }
        if speechHead > 64, speechHead * 2 > speech.count {
            speech.removeFirst(speechHead)
            speechHead = 0
        }

        let blockEnd = written + UInt64(frames)
        var startedVoices = 0
        for index in voices.indices where voices[index].end > written && voices[index].start < blockEnd {
            if !voices[index].begun {
                voices[index].begun = true
                startedVoices += 1
            }
            let voice = voices[index]
            let from = max(voice.start, written)
            let to = min(voice.end, blockEnd)
            for frame in from..<to {
                accumulator[Int(frame - written)] += Float(voice.samples[Int(frame - voice.start)]) * earconGainValue
            }
        }
        for index in 0..<frames { output[index] = SoftLimiter.limit(accumulator[index]) }
        written = blockEnd
        // A real-time sink keeps a finished voice until it has been played, so that a flush
        // can rewind the timeline and mix it again.
        let keepFrom = sink.isRealtime ? playedFrame(now: MonotonicClock.nanoseconds()) : written
        voices.removeAll { $0.end <= keepFrom && $0.end <= written }
        return (frames, started, startedVoices)
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

/// Hooks the mixer calls on its output thread, with monotonic nanoseconds.
public struct MixerObserver: Sendable {
    /// Right after the first sample of an utterance was handed to the sink, with the time it
    /// will be heard by the mixer's clock (later than the handing over when audio is ahead of it).
    public var firstSpeechSample: (@Sendable (_ utterance: UInt64, _ nanos: UInt64) -> Void)?
    /// Right after the sink was flushed following an interrupt or hush.
    public var silenced: (@Sendable (_ nanos: UInt64) -> Void)?
    /// Right after the first sample of a sound (an earcon) was handed to the sink, once per sound.
    public var firstEarconSample: (@Sendable (_ nanos: UInt64) -> Void)?
    /// When an utterance's overlay (a post's glance) was placed: at which frame of the
    /// timeline, which is that utterance's first. Called with the mixer's lock held.
    public var overlayStarted: (@Sendable (_ utterance: UInt64, _ frame: UInt64) -> Void)?

    public init(
        firstSpeechSample: (@Sendable (UInt64, UInt64) -> Void)? = nil,
        silenced: (@Sendable (UInt64) -> Void)? = nil,
        firstEarconSample: (@Sendable (UInt64) -> Void)? = nil,
        overlayStarted: (@Sendable (UInt64, UInt64) -> Void)? = nil
    ) {
        self.firstSpeechSample = firstSpeechSample
        self.silenced = silenced
        self.firstEarconSample = firstEarconSample
        self.overlayStarted = overlayStarted
    }
}
