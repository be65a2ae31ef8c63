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
        loop.afterOutput = { [unowned self] in
            guard core.settings != settings else { return [] }
            settings = core.settings
            return self.apply(settings, core: core)
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

    /// Rate and verbosity changed with keys: the voice follows at once, and the change is
    /// kept for next time.
    private func apply(_ settings: ControlSettings, core: AppCore) -> [Feedback] {
        core.adopt(settings)
        if let pipeline {
            var speechSettings = pipeline.settings
            speechSettings.rate = settings.wordsPerMinute
            Task { try? await pipeline.update(speechSettings) }
        }
        do {
            try ConfigFile(paths: launch.paths).persist([.rate, .verbosity, .positions], from: core.config)
            return []
        } catch {
            return [.earcon(.softError), .speak(core.strings(.settingNotSaved, error.description), .announcement)]
        }
    }
}


extension AppCore: ScreenLoopDriver {}
