import AccessibleControls
import FoundationEssentials
import LoowiSupport
import SpeechAudio
import TweetEngine

/// The app in the shared screen loop: the loop also carries the server's answers (`deliver`);
/// a settings change is saved, and what is the loop's own applied, once, when it is made.
@MainActor
final class AppRunner {
    let launch: AppLaunch
    let speech: any SpeechOutput
    /// The first account's cache, already being read (`TimelineCache.readingAhead`).
    private let firstCache: TimelineCache

    init(launch: AppLaunch, speech: any SpeechOutput, cache: TimelineCache) {
        self.launch = launch
        self.speech = speech
        firstCache = cache
    }

    /// The core of the account being read; replaced when the user switches accounts (F11).
    private var core: AppCore?
    private var loop: ScreenLoop?

    func run() async throws {
        let loop = ScreenLoop(line: launch.config.display == .line, speech: speech)
        self.loop = loop
        loop.soundWords = launch.config.soundWords
        loop.theme = launch.config.theme
        let core = try makeCore(engine: launch.engine, credentials: launch.credentials, config: launch.config, cache: firstCache)
        self.core = core
        // What the settings screen offers is found beside the first screen, not before it:
        // listing eSpeak NG's voices loads it, which a silent line-mode start never needs.
        // (The list is the one a previous start remembered, or was read with the voice.)
        let language = launch.config.language
        Task { @MainActor [weak core] in
            let packs = EarconLibrary.installedPacks()
            let voices = await Self.voiceChoices(for: language)
            core?.soundPackChoices = packs
            core?.voiceChoices = voices
        }
        // The task runs only when the loop waits for its first key, after the first screen.
        let background = launch.background.map { work in
            let language = launch.config.language
            return Task { @MainActor [weak self] in
                guard let sentence = await work(language), !Task.isCancelled else { return }
                self?.core?.deliver([.earcon(.softError), .speak(Sanitizer.clean(sentence, for: .line), .announcement)])
            }
        }
        // loowi's data, checked once the first screen is out (the list's read kept off the
        // main actor): a missing word list is said once.
        let config = launch.config
        let dataCheck = Task { @MainActor [weak self] in
            let notice = await Task.detached { DataNotice.atStart(config: config, wordLists: .shared) }.value
            guard !notice.isEmpty, !Task.isCancelled else { return }
            self?.core?.deliver(notice)
        }
        defer { dataCheck.cancel() }
        do {
            try await loop.run(core)
        } catch {
            self.core?.stopLiveUpdates()
            background?.cancel()
            await background?.value
            throw error
        }
        self.core?.stopLiveUpdates()
        await self.core?.quit(waitingAtMost: .seconds(2))
        background?.cancel()
        await background?.value
    }

    /// A core for one account: its own drafts, outbox, cache and reading positions, its live
    /// updates, and the way to the other accounts.
    private func makeCore(engine: TweetEngine, credentials: Credentials, config: LoowiConfig, cache: TimelineCache? = nil) throws -> AppCore {
        let handle = credentials.handle
        let outboxOwner = credentials == launch.credentials ? launch.outboxOwner ?? handle : handle
        let core = AppCore(
            engine: engine, config: config, keymap: try config.keymap(),
            drafts: DraftStore(paths: launch.paths, account: handle), outbox: Outbox(paths: launch.paths, account: outboxOwner),
            cache: cache ?? TimelineCache(paths: launch.paths, account: handle), position: ReadingPosition(paths: launch.paths, account: handle))
        core.deliver = { [weak loop] in loop?.output($0) }
        core.onSettingsChange = { [unowned self, unowned core, weak loop] keys, config in
            guard let loop else { return [] }
            return self.settingsChanged(keys, to: config, core: core, loop: loop)
        }
        // A console browser gets the loop's terminal until it ends.
        core.lendTerminal = { [weak loop] work in
            guard let loop else { return await work() }
            return await loop.lendTerminal(work)
        }
        // Live updates start once the home timeline is in (`AppCore.startLiveUpdates`).
        let pollEvery = Duration.seconds(config.pollSeconds)
        core.liveSource = { engine.liveUpdates(since: $0, pollEvery: pollEvery) }
        core.account = credentials
        core.accountChoices = launch.accounts
        core.switchAccount = { [unowned self] engine, credentials in
            Task { @MainActor in await self.switchAccount(to: engine, credentials) }
        }
        return core
    }

    /// Leaves the current account as quitting would (live updates stopped, positions saved,
    /// answers under way given a moment) and starts over on the new one's home timeline,
    /// with the settings as they are now.
    private func switchAccount(to engine: TweetEngine, _ credentials: Credentials) async {
        guard let old = core, let loop else { return }
        old.stopLiveUpdates()
        await old.quit(waitingAtMost: .seconds(2))
        do {
            let new = try makeCore(engine: engine, credentials: credentials, config: old.config)
            new.voiceChoices = old.voiceChoices
            new.soundPackChoices = old.soundPackChoices
            core = new
            loop.replaceDriver(with: new, saying: [.speak(new.strings(.nowReadingAs, credentials.handle), .important)])
        } catch {
            old.deliver([.earcon(.error), .speak(old.strings(.unexpectedError), .important)])
        }
    }

    /// A setting changed, with a key or on the settings screen, told once: what is the
    /// loop's own follows now (the next frame is drawn whole in new colours), and the change
    /// is saved at once. Speech and sounds are not told here: the change's own feedback
    /// (`.configure`) tells them in order with the words.
    private func settingsChanged(_ keys: [ConfigKey], to config: LoowiConfig, core: AppCore, loop: ScreenLoop) -> [Feedback] {
        loop.soundWords = config.soundWords
        loop.theme = config.theme
        if keys.contains(.language) {
            Task { @MainActor [weak core] in core?.voiceChoices = await Self.voiceChoices(for: config.language) }
        }
        do {
            try ConfigFile(paths: launch.paths).persist(keys, from: config)
            return []
        } catch {
            return [.earcon(.softError), .speak(core.strings(.settingNotSaved, error.spoken(in: core.strings.language)), .announcement)]
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
