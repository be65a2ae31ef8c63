import AccessibleControls
import FoundationEssentials
import LoowiSupport
import SpeechAudio
import TweetEngine

/// The interactive program: the six screens, driven by keys, speaking through the pipeline.
public enum InteractiveApp {
    /// Runs until the user quits; restores the terminal however it ends. Throws
    /// `TerminalError` when standard input is not a terminal.
    @MainActor
    public static func run(_ launch: AppLaunch) async throws {
        let config = launch.config
        let line = config.display == .line
        // A write killed half-way (a crash, a closed terminal) left its temporary file behind.
        launch.paths.removeLeftoverTemporaryFiles()
        // The home cache is read and decoded on another thread while eSpeak NG and the sound
        // device load.
        let cache = TimelineCache(paths: launch.paths, account: launch.credentials.handle).readingAhead()
        let voiceMemo = VoiceMemoFile(folder: launch.paths.cache)
        let pipeline: SpeechPipeline? =
            launch.silent
            ? nil
            : try await makePipeline(config: config, wavPath: launch.wavPath, voiceMemo: voiceMemo)
        let speech: any SpeechOutput =
            line ? LineSpeech(fileDescriptor: 1, also: pipeline) : (pipeline.map { $0 as any SpeechOutput } ?? NoSpeech())
        let runner = AppRunner(launch: launch, speech: speech, cache: cache)
        do {
            try await runner.run()
        } catch {
            await pipeline?.finish()
            throw error
        }
        await pipeline?.finish()
        // Voices chosen during the session (a post's language) are loaded by file next time.
        if pipeline != nil, config.speechBackend == .espeak { await voiceMemo.keepChoices(of: .shared) }
    }

    /// The pipeline with the configured voice, sounds and sink; a bad voice is reported
    /// before any file is opened. The sound device (or `sink`, which the benchmark gives when
    /// it has none) is opened on a thread of its own while eSpeak NG loads: the two take about
    /// 5 and 10 ms of every start. The voice is found through `voiceMemo`: with what an
    /// earlier start remembered, eSpeak NG reads none of its other voice files.
    public static func makePipeline(
        config: LoowiConfig, wavPath: String?, sink given: AudioSink? = nil, voiceMemo: VoiceMemoFile
    ) async throws -> SpeechPipeline {
        // eSpeak NG's thread is made before the device's libraries load: made after, its
        // pthread_create waited 5 to 9 ms for glibc's loader while libpulse's 20 libraries
        // loaded, and eSpeak NG's load is the longest part of the start.
        let engine = config.speechBackend == .espeak ? SpeechEngine.shared : nil
        let device = wavPath == nil && given == nil ? DeviceOpening.device() : nil
        let settings = config.speechSettings
        // A sound pack's files are read while eSpeak NG loads its voice on its own thread (the
        // built-in sounds are made when first played, the rest below).
        @Sendable func checkVoice() async throws { if let engine { try await voiceMemo.validate(settings, on: engine) } }
        async let voiceChecked: Void = checkVoice()
        let earcons = EarconLibrary(pack: config.soundPack)
        try await voiceChecked
        for problem in earcons.problems { StandardStreams.writeError("loowi: " + Sanitizer.clean(problem.description, for: .line) + "\n") }
        let sink: AudioSink
        if let given {
            sink = given
        } else if let device {
            // A device that does not answer within 2 s is said and left behind: the start goes
            // on silent, the line or the screen still showing what is said.
            let (opened, notice) = await SoundDeviceStart.sink(from: device, language: config.language)
            SoundDeviceStart.report(notice)
            sink = opened
        } else {
            sink = try WAVFileSink(url: URL(fileURLWithPath: wavPath ?? ""))
        }
        let pipeline = try await SpeechStart.pipeline(
            backend: config.speechBackend, language: config.language, sink: sink, settings: settings, earcons: earcons)
        pipeline.mixer.earconGain = config.earconGain
        // The start's refresh opens libcurl behind the first words, not beside them: on two
        // cores its 8 ms of loading delayed them (see `CurlOpening`). eSpeak NG speaks through
        // the mixer; speech-dispatcher plays elsewhere, so nothing is held for it.
        if config.speechBackend == .espeak {
            CurlOpening.hold(atMost: .milliseconds(200))
            pipeline.mixer.afterFirstWords { CurlOpening.release() }
        }
        // The sounds not played yet are made once the first words are under way.
        Task.detached(priority: .background) {
            try? await Task.sleep(for: .seconds(1))
            earcons.prepareAll()
        }
        return pipeline
    }
}

/// `--silent` in full-screen mode: the screen's status line still shows what would be said.
private struct NoSpeech: SpeechOutput {
    func speak(_ text: String, priority: SpeechPriority) async {}
    func play(_ earcon: Earcon) async {}
    func play(_ glance: PostGlance) async {}
    func stop() async {}
}
