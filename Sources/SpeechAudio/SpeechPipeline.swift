import FoundationEssentials
import LoowiSupport
import Synchronization
import TextSafety

/// The real `SpeechOutput`: text goes to the shared eSpeak NG engine, PCM and earcons meet in
/// one mixer, and the mixer feeds one sink. With a speech-dispatcher connection, text goes to
/// speech-dispatcher instead (`SpeechDispatcherOutput`) and the mixer carries earcons only.
///
/// `speak` returns at once: an interrupting utterance cancels the synthesis in progress and
/// drops queued speech before it returns, and jobs reach the engine through one ordered
/// stream (never a task per utterance, which could arrive out of order).
public final class SpeechPipeline: SpeechOutput {
    public let mixer: AudioMixer
    /// The sounds played, replaceable while it runs (another sound pack).
    private let earconLibrary: Mutex<EarconLibrary>
    /// The sound pack `earconLibrary` was read from (nil: the built-in sounds).
    private let soundPack: Mutex<String?>
    public var earcons: EarconLibrary { earconLibrary.withLock { $0 } }
    private let engine: SpeechEngine
    private let generations = SpeechGenerations()
    private let nextUtterance = Atomic<UInt64>(1)
    /// The utterance queued last: a glance goes under its first syllables.
    private let lastUtterance = Atomic<UInt64>(0)
    private let glances = Mutex<[PostGlance: [Int16]]>([:])
    private let currentSettings: Mutex<SpeechSettings>
    private let jobs: AsyncStream<EngineRequest>.Continuation
    private let consumer: Task<Void, Never>
    private let dispatcher: SpeechDispatcherOutput?
    /// `--silent`: nothing is synthesised and eSpeak NG is never loaded.
    private let isSilent: Bool

    enum EngineRequest: Sendable {
        case speak(SynthesisJob)
        case barrier(CheckedContinuation<Void, Never>)
    }

    /// Loads eSpeak NG and checks the settings (voice, ranges) before any sound is made. With
    /// `dispatcher`, speech goes there: only the ranges are checked, since the voice is
    /// speech-dispatcher's to find.
    public init(
        sink: AudioSink, settings: SpeechSettings = SpeechSettings(), earcons: EarconLibrary = EarconLibrary(), engine: SpeechEngine = .shared,
        dispatcher connection: SpeechDispatcherConnection? = nil
    ) async throws(SpeechError) {
        if connection == nil { try await engine.validate(settings) } else { try settings.validate() }
        self.engine = engine
        self.earconLibrary = Mutex(earcons)
        self.soundPack = Mutex(earcons.packFolder?.lastPathComponent)
        let mixer = AudioMixer(sink: sink)
        self.mixer = mixer
        self.currentSettings = Mutex(settings)
        self.dispatcher = connection.map { SpeechDispatcherOutput(connection: $0, settings: settings, mixer: mixer, earcons: earcons) }
        self.isSilent = false
        let (stream, continuation) = AsyncStream.makeStream(of: EngineRequest.self)
        self.jobs = continuation
        self.consumer = Task { await engine.run(stream) }
    }

    /// A pipeline that makes no sound and loads no sound library, for a command's `--silent`:
    /// eSpeak NG 1.51 opens a PulseAudio context (through pcaudiolib) as it loads, which
    /// connects to the sound server and writes ~/.config/pulse, so a silent command must not
    /// load it. The settings' ranges are still checked; the voice is not looked for.
    public init(silentWith settings: SpeechSettings) throws(SpeechError) {
        try settings.validate()
        engine = .shared
        earconLibrary = Mutex(EarconLibrary())
        soundPack = Mutex(nil)
        mixer = AudioMixer(sink: NullSink())
        currentSettings = Mutex(settings)
        dispatcher = nil
        isSilent = true
        let (stream, continuation) = AsyncStream.makeStream(of: EngineRequest.self)
        jobs = continuation
        // Only barriers come: they are answered without touching eSpeak NG.
        consumer = Task {
            for await request in stream {
                if case .barrier(let done) = request { done.resume() }
            }
        }
    }

    /// Which backend speaks.
    public var backend: SpeechBackend { dispatcher == nil ? .espeak : .speechDispatcher }

    public var settings: SpeechSettings { currentSettings.withLock { $0 } }

    /// Changes how later utterances sound (rate, voice, …) after checking the new settings.
    public func update(_ settings: SpeechSettings) async throws(SpeechError) {
        if isSilent {
            try settings.validate()
        } else if let dispatcher {
            try settings.validate()
            dispatcher.update(settings)
        } else {
            try await engine.validate(settings)
        }
        currentSettings.withLock { $0 = settings }
    }

    public func speak(_ text: String, priority: SpeechPriority) async {
        enqueue(text, priority: priority)
    }

    public func speak(_ text: String, priority: SpeechPriority, under earcons: [Earcon]) async {
        enqueue(text, priority: priority, under: earcons)
    }

    /// Queues `text` and returns the utterance's number (for instrumentation). `earcons` (and
    /// the capital letter's) start with its first sample: played at once, they would be
    /// written up to the mixer's lead ahead and the words would wait behind them.
    @discardableResult
    public func enqueue(_ text: String, priority: SpeechPriority, under earcons: [Earcon] = []) -> UInt64 {
        if priority == .interrupt {
            generations.interrupt.add(1, ordering: .acquiringAndReleasing)
            mixer.dropSpeech(all: false)
        }
        let settings = self.settings
        let utterance = nextUtterance.add(1, ordering: .relaxed).oldValue
        lastUtterance.store(utterance, ordering: .relaxed)
        if isSilent { return utterance }
        var sounds = samples(of: earcons)
        if let dispatcher {
            // speech-dispatcher gets one message in its own voice: a stretch in another
            // language is not switched there (see DECISIONS). Its words are its to time, so
            // the sounds play at once.
            let clean = SpeakableText(LanguageMarks.removed(from: text))
            if isCapitalLetter(clean, settings) { sounds += samples(of: [.capital]) }
            for sound in sounds { mixer.play(sound) }
            dispatcher.send(clean, priority: priority)
            return utterance
        }
        // A stretch in another language is a job of its own, in that language's voice; the
        // jobs share the utterance and its priority, and only the first could interrupt.
        let runs = LanguageMarks.runs(in: text).map { (text: SpeakableText($0.text), language: $0.language) }
        if runs.contains(where: { isCapitalLetter($0.text, settings) }) { sounds += samples(of: [.capital]) }
        let spoken = runs.filter { !$0.text.isBlank }
        // Placed before the words are queued, so that their first block finds them; with no
        // words they would wait for ever, so they play at once.
        for sound in sounds {
            if spoken.isEmpty { mixer.play(sound) } else { mixer.overlay(sound, on: utterance) }
        }
        for run in spoken {
            jobs.yield(
                .speak(
                    SynthesisJob(
                        text: run.text, settings: settings, language: run.language, utterance: utterance, priority: priority, mixer: mixer,
                        generations: generations)))
        }
        return utterance
    }

    /// The library is not touched for words without sounds, most of them.
    private func samples(of earcons: [Earcon]) -> [[Int16]] {
        earcons.isEmpty ? [] : earconLibrary.withLock { library in earcons.map { library.samples(for: $0) } }
    }

    private func isCapitalLetter(_ clean: SpeakableText, _ settings: SpeechSettings) -> Bool {
        guard settings.capitals == .earcon, clean.text.count == 1, let letter = clean.text.first else { return false }
        return letter.isUppercase
    }

    public func play(_ earcon: Earcon) async {
        if isSilent { return }
        mixer.play(earconLibrary.withLock { $0.samples(for: earcon) })
    }

    /// With speech-dispatcher the words are its to time: the glance plays at once.
    public func play(_ glance: PostGlance) async {
        let samples = glances.withLock { cache in
            if let known = cache[glance] { return known }
            let made = glance.samples()
            cache[glance] = made
            return made
        }
        if dispatcher != nil {
            mixer.play(samples)
        } else {
            mixer.overlay(samples, on: lastUtterance.load(ordering: .relaxed))
        }
    }

    /// Plays these sounds from the next earcon on (a sound pack chosen in the settings).
    public func use(_ earcons: EarconLibrary) {
        earconLibrary.withLock { $0 = earcons }
        soundPack.withLock { $0 = earcons.packFolder?.lastPathComponent }
    }

    /// A settings change, in its turn among the words: what differs is applied, and a new
    /// sound pack is read here, off the keys' thread. A voice the engine refuses leaves the
    /// speech as it was (the settings screen offers only the voices it found).
    public func configure(_ new: OutputSettings) async -> [String] {
        if new.speech != settings { try? await update(new.speech) }
        mixer.earconGain = new.earconGain
        guard new.soundPack != soundPack.withLock({ $0 }) else { return [] }
        let library = EarconLibrary(pack: new.soundPack)
        use(library)
        return library.problems.map { $0.spoken(in: new.language) }
    }

    /// Hush: everything stops, important messages included.
    public func stop() async {
        generations.hush.add(1, ordering: .acquiringAndReleasing)
        mixer.dropSpeech(all: true)
        await dispatcher?.stop()
    }

    /// Waits until everything asked for so far has been synthesised and played.
    /// With speech-dispatcher, "played" means handed over: it says the text in its own time.
    public func waitUntilIdle() async {
        await dispatcher?.waitUntilSent()
        await withCheckedContinuation { continuation in jobs.yield(.barrier(continuation)) }
        let mixer = self.mixer
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // The mixer's wait blocks, so it gets a thread of its own, not the cooperative pool
            // (with none to be had, it waits here: a pool thread held rather than a hang).
            do {
                try BlockingThread.start {
                    mixer.waitUntilIdle()
                    continuation.resume()
                }
            } catch {
                mixer.waitUntilIdle()
                continuation.resume()
            }
        }
    }

    /// Lets what is queued finish, then closes the sink (a WAV file gets its final header).
    public func finish() async {
        await waitUntilIdle()
        await dispatcher?.finish()
        jobs.finish()
        await consumer.value
        let mixer = self.mixer
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            do {
                try BlockingThread.start {
                    mixer.shutdown()
                    continuation.resume()
                }
            } catch {
                mixer.shutdown()
                continuation.resume()
            }
        }
    }
}

extension SpeechEngine {
    /// The engine side of a pipeline's ordered request stream.
    func run(_ requests: AsyncStream<SpeechPipeline.EngineRequest>) async {
        for await request in requests {
            switch request {
            case .speak(let job): synthesize(job)
            case .barrier(let continuation): continuation.resume()
            }
        }
    }
}
