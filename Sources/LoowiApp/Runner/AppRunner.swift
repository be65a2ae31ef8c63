import AccessibleControls
import Foundation
import SpeechAudio
import TweetEngine

/// The app in the shared screen loop: the loop also carries the server's answers (`deliver`)
/// and, after each key, applies and saves a rate or verbosity the key changed.
@MainActor
final class AppRunner {
    let launch: AppLaunch
    let speech: any SpeechOutput
    let pipeline: SpeechPipeline?

    init(launch: AppLaunch, speech: any SpeechOutput, pipeline: SpeechPipeline?) {
        self.launch = launch
        self.speech = speech
        self.pipeline = pipeline
    }

    func run() async throws {
        let core = AppCore(
            engine: launch.engine, config: launch.config, keymap: try launch.config.keymap(),
            drafts: DraftStore(paths: launch.paths, account: launch.credentials.handle),
            outbox: Outbox(paths: launch.paths, account: launch.credentials.handle),
            cache: TimelineCache(paths: launch.paths, account: launch.credentials.handle),
            position: ReadingPosition(paths: launch.paths, account: launch.credentials.handle))
        let loop = ScreenLoop(line: launch.config.display == .line, speech: speech)
        loop.soundWords = launch.config.soundWords
        var settings = core.settings
        core.voiceChoices = await Self.voiceChoices(for: launch.config.language)
        core.soundPackChoices = EarconLibrary.installedPacks()
        loop.beforeOutput = { [unowned self] in
            var changed = core.takeChangedSettings()
            if core.settings != settings {
                settings = core.settings
                core.adopt(settings)
                changed += [.rate, .verbosity, .positions].filter { !changed.contains($0) }
            }
            return changed.isEmpty ? [] : self.apply(changed, core: core, loop: loop)
        }
        core.deliver = { loop.output($0) }
        // Live updates start once the home timeline is in (`AppCore.startLiveUpdates`).
        let engine = launch.engine
        let pollEvery = Duration.seconds(launch.config.pollSeconds)
        core.liveSource = { engine.liveUpdates(since: $0, pollEvery: pollEvery) }
        // The task runs only when the loop waits for its first key, after the first screen.
        let background = launch.background.map { work in
            let language = launch.config.language
            return Task { @MainActor [weak core] in
                guard let sentence = await work(language), !Task.isCancelled else { return }
                core?.deliver([.earcon(.softError), .speak(Sanitizer.clean(sentence, mode: .singleLine), .announcement)])
            }
        }
        do {
            try await loop.run(core)
        } catch {
            core.stopLiveUpdates()
            background?.cancel()
            await background?.value
            throw error
        }
        core.stopLiveUpdates()
        await core.quit(waitingAtMost: .seconds(2))
        background?.cancel()
        await background?.value
    }

    /// Settings changed with keys or on the settings screen: speech and sounds follow before
    /// the next utterance (in order with it, so a preview is heard with the new setting), and
    /// the change is saved at once.
    private func apply(_ keys: [ConfigKey], core: AppCore, loop: ScreenLoop) -> [Feedback] {
        let config = core.config
        loop.soundWords = config.soundWords
        if keys.contains(.language) {
            Task { @MainActor [weak core] in core?.voiceChoices = await Self.voiceChoices(for: config.language) }
        }
        if let pipeline {
            let speech = config.speechSettings
            if speech != pipeline.settings { loop.inOrder { try? await pipeline.update(speech) } }
            let gain = config.soundsEnabled ? Float(config.soundVolume) / 100 : 0
            if keys.contains(.sounds) || keys.contains(.soundVolume) { loop.inOrder { pipeline.mixer.earconGain = gain } }
        }
        do {
            try ConfigFile(paths: launch.paths).persist(keys, from: config)
            return []
        } catch {
            return [.earcon(.softError), .speak(core.strings(.settingNotSaved, error.description), .announcement)]
        }
    }

    /// eSpeak NG's voices for the interface language's family (English: en-gb, en-us, ...),
    /// offered by the settings screen; none when the engine cannot list them.
    static func voiceChoices(for language: Language) async -> [String] {
        let family = String(language.rawValue.prefix(2))
        guard let voices = try? await SpeechEngine.shared.voices(language: family) else { return [] }
        return Array(Set(voices.map(\.name))).sorted()
    }
}


extension AppCore: ScreenLoopDriver {}
