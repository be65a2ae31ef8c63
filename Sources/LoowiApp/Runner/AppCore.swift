import AccessibleControls
import FoundationEssentials
import LoowiSupport
import SpeechAudio
import TweetEngine

/// The app's heart: the navigator of screens, the engine, and the waits in between. Keys and
/// ticks go in and feedback comes out synchronously; an answer from the server arrives later
/// and its feedback goes to `deliver`, in the order answers arrive, on the main actor.
@MainActor
public final class AppCore {
    public typealias Instant = ContinuousClock.Instant

    public let engine: TweetEngine
    /// The app's state of its settings: changed only through `change(_:to:)` (the settings
    /// screen) and `answer(_:)` (the settings keys), each change made once.
    public internal(set) var config: LoowiConfig
    public internal(set) var strings: AppStrings
    public let drafts: DraftStore
    /// Posts waiting for the server; shared with the command line (`loowi outbox`).
    public let outbox: Outbox
    /// The home timeline as last seen, read at start-up before the server answers.
    let cache: TimelineCache?
    /// Each buffer's focused item as last saved here, and the server markers' sync (home, notifications).
    let position: ReadingPosition?
    var homeMarker = MarkerSync(.home)
    var notificationsMarker = MarkerSync(.notifications)
    let keymap: Keymap
    /// The time, passed in so that tests drive ticks by hand.
    let now: () -> Instant
    /// Where feedback that arrives later goes: the runner's pump, or a test's transcript.
    public var deliver: ([Feedback]) -> Void = { _ in }

    public private(set) var navigator: Navigator
    /// The first screen's buffers, each kept with its position (`switchBuffer`).
    let buffers = BufferSet()
    /// Where live updates come from (the runner sets it; nil: none, as in most tests).
    var liveSource: LiveSource?
    /// Live updates, once the home timeline has loaded.
    var live: LiveUpdates?
    /// Who is logged in (set once the timeline has loaded).
    var me: Account?
    /// The account being read, the others F11 offers, and how the runner moves to one.
    var account: Credentials?
    var accountChoices: AccountChoices?
    var switchAccount: ((TweetEngine, Credentials) -> Void)?
    var limits = InstanceLimits.mastodonDefault
    /// The voices and sound packs the settings screen offers (the runner finds them).
    var voiceChoices: [String] = []
    var soundPackChoices: [String] = []
    /// Told once of each settings change, with the settings changed and all of them now:
    /// the runner saves them and applies what is its own (the screen's colours, line mode's
    /// words for sounds); what it returns is said. Speech and sounds are told by the change's
    /// own feedback (`.configure`), in order with the words.
    public var onSettingsChange: (([ConfigKey], LoowiConfig) -> [Feedback])?
    /// Opens links in the browser (tests put one that records).
    var linkOpener = LinkOpener(environment: ProcessEnvironment.current)
    /// F6's dictionaries in compose, each read the first time it is needed (tests point it
    /// at a folder without them).
    var spellChecker = SpellChecker()
    /// Runs a program on the terminal until it ends (a console browser): the runner lends it
    /// its screen loop's terminal; tests and a core without one just run it.
    var lendTerminal: @MainActor (_ work: @MainActor () async -> LinkOpener.Started) async -> LinkOpener.Started = { await $0() }
    /// For times of day said aloud ("until 12:05"); tests fix it.
    var timeZone = TimeZone.current
    /// How long a wait stays silent before the busy indicator speaks up: an answer that
    /// comes sooner is all the user needs to hear.
    static let busyGrace: Duration = .milliseconds(400)

    private var jobs: [Int: Task<Void, Never>] = [:]
    /// The rate-limit wait each job last said: the job's parallel requests all wait for the
    /// same reset, and it is said once.
    private var saidWaits: [Int: Date] = [:]
    private var nextJob = 0
    /// The app screens alive on the navigator's stack. Their controls' closures hold them
    /// weakly (no cycle); this keeps them alive exactly while they are on the stack.
    private var screens: [ObjectIdentifier: AnyObject] = [:]

    public init(
        engine: TweetEngine, config: LoowiConfig, keymap: Keymap = .loowi, drafts: DraftStore,
        outbox: Outbox? = nil, cache: TimelineCache? = nil, position: ReadingPosition? = nil, now: @escaping () -> Instant = { ContinuousClock.now }
    ) {
        // Without its own, the outbox lives beside the drafts file (tests, benchmarks).
        self.outbox = outbox ?? Outbox(path: drafts.file.deletingLastPathComponent().appendingPathComponent("outbox.json").path)
        self.cache = cache
        self.position = position
        self.engine = engine
        self.config = config
        self.keymap = keymap
        self.strings = AppStrings(config.language)
        self.drafts = drafts
        // A draft another loowi's outbox published is not offered again as unsent.
        drafts.follow(self.outbox)
        self.now = now
        // A placeholder root until `start` builds the home timeline.
        let placeholder = ControlScreen(
            title: "loowi", controls: [Label(id: "starting", text: "")], withToolbar: false,
            settings: config.controlSettings, keymap: keymap)
        navigator = Navigator(root: placeholder, settings: config.controlSettings, keymap: keymap)
        answerAppKeys()
    }

    public var settings: ControlSettings { navigator.settings }

    /// Opens the home timeline and starts loading it.
    public func start() -> [Feedback] {
        open(.home).feedback
    }

    public func handle(_ event: KeyEvent) -> [Feedback] {
        let feedback = navigator.handle(event, now: now())
        prune()
        return feedback
    }

    public func tick() -> [Feedback] {
        markerEvent(.tick, for: .home)
        markerEvent(.tick, for: .notifications)
        var feedback = navigator.tick(now: now())
        feedback += live?.tick() ?? []
        prune()
        return feedback
    }

    /// Timed work under way: the screen's (a busy indicator, a timed selector), a reading
    /// position waiting to be sent, an announcement waiting for its turn.
    public var needsTicks: Bool {
        navigator.needsTicks || homeMarker.pending != nil || notificationsMarker.pending != nil || live?.hasPending == true
    }

    public var isFinished: Bool { navigator.isFinished }

    /// Waits until every request under way has answered and its feedback was delivered
    /// (tests, and the runner before it exits).
    public func settle() async {
        while let job = jobs.values.first {
            await job.value
        }
    }

    public var isWaiting: Bool { !jobs.isEmpty }

    /// Work that is not a request (a browser being started, or running on the terminal):
    /// kept with the jobs, so `settle` and quitting wait for it; what it returns is said
    /// when it ends.
    @discardableResult
    func track(_ work: @escaping @MainActor () async -> [Feedback]) -> Int {
        let id = nextJob
        nextJob += 1
        jobs[id] = Task { @MainActor [weak self] in
            let feedback = await work()
            guard let self, self.jobs.removeValue(forKey: id) != nil else { return }
            if !feedback.isEmpty { self.deliver(self.navigator.perform(ScreenOutcome(feedback), now: self.now()) + [.redraw]) }
        }
        return id
    }

    /// Cancels tracked work that is no longer wanted (a completion the user typed past): its
    /// request is cancelled and what it would have said is dropped.
    func cancelTracked(_ id: Int) {
        jobs.removeValue(forKey: id)?.cancel()
    }

    // MARK: Screens

    /// F9 and the app's other keys work on every screen the navigator shows, and the
    /// settings keys (F5–F8) change the app's settings.
    private func answerAppKeys() {
        navigator.onSettingKey = { [weak self] key, _ in self?.answer(key) }
        guard keymap.declares(AppAction.keys) else { return }
        navigator.onAppAction(AppAction.keys) { [weak self] (action: AppAction, _) in self?.perform(action) }
    }

    func keep(_ screen: some AppScreen) {
        assert(screen.unnamedControls.isEmpty, "controls without a ControlID case: \(screen.unnamedControls)")
        screens[ObjectIdentifier(screen.screen)] = screen
    }

    /// `screen` becomes the first and only one (start-up, `Route.home`).
    func startOver(with screen: some AppScreen) {
        navigator = Navigator(root: screen.screen, settings: config.controlSettings, keymap: keymap)
        answerAppKeys()
        keep(screen)
    }

    /// The app screen behind a screen on the stack (tests look at what it holds).
    func appScreen(at index: Int) -> AnyObject? {
        guard navigator.stack.indices.contains(index) else { return nil }
        return screens[ObjectIdentifier(navigator.stack[index])]
    }

    /// The screens open on top of the first, with the objects that run them, set aside while
    /// a buffer opened from them is shown (Escape puts them back: `putBack`).
    struct ScreensSetAside {
        fileprivate var screens: [(control: ControlScreen, owner: AnyObject?)] = []
        var isEmpty: Bool { screens.isEmpty }
    }

    func screensOnTop() -> ScreensSetAside {
        ScreensSetAside(screens: navigator.stack.dropFirst().map { ($0, screens[ObjectIdentifier($0)]) })
    }

    func putBack(_ aside: ScreensSetAside) -> [Feedback] {
        for (control, owner) in aside.screens { screens[ObjectIdentifier(control)] = owner }
        return navigator.restore(aside.screens.map(\.control), now: now())
    }

    /// Opens `screen` on top; only a route's opening calls it (`open(_:)`).
    func push(_ screen: some AppScreen) -> ScreenOutcome {
        keep(screen)
        return ScreenOutcome([], .push(screen.screen))
    }

    private func prune() {
        let alive = Set(navigator.stack.map(ObjectIdentifier.init))
        screens = screens.filter { alive.contains($0.key) }
    }

    // MARK: Waiting on the server

    /// Runs `operation` against the engine behind a busy indicator that says `waitingFor`;
    /// `then` turns the answer into what the screen does. A failure is said in plain words
    /// with what to do (or handed to `failed`), and the program carries on.
    /// With `busy` false the wait is in the background: no indicator, keys keep working
    /// (the refresh behind a timeline read from the cache).
    func perform<T: Sendable>(
        _ waitingFor: String,
        busy showsBusy: Bool = true,
        _ operation: @escaping @Sendable (TweetEngine) async throws -> T,
        then: @escaping @MainActor (T) -> ScreenOutcome,
        failed: (@MainActor (EngineError) -> ScreenOutcome)? = nil
    ) -> [Feedback] {
        let id = nextJob
        nextJob += 1
        let startedAt = now()
        let indicator = BusyIndicator(id: "busy", waitingFor: waitingFor, startedAt: startedAt)
        let busy = ControlScreen(
            title: waitingFor, controls: [indicator], withToolbar: false, settings: navigator.settings, keymap: keymap)
        var announced = false
        busy.onTick = { [weak self] context in
            guard let self, !announced, context.now - startedAt >= Self.busyGrace else { return .none }
            announced = true
            var context = context
            context.settings = self.navigator.settings
            return ScreenOutcome([.earcon(.busyTick)] + indicator.announcement(in: context))
        }
        busy.onEvent = { [weak self] event, _ in
            guard let self, event.kind == .cancelled else { return .none }
            self.jobs.removeValue(forKey: id)?.cancel()
            self.saidWaits.removeValue(forKey: id)
            self.navigator.dismiss(busy, now: self.now())
            return .none
        }
        let engine = self.engine
        // The engine's waits inside this job (and its child tasks) are said by this job.
        let report: @Sendable (EngineEvent) -> Void = { event in
            Task { @MainActor [weak self] in
                self?.waiting(event, job: id, indicator: showsBusy ? indicator : nil, waitingFor: waitingFor)
            }
        }
        let task = Task { @MainActor [weak self] in
            let result: Result<T, any Error>
            do {
                result = .success(try await TweetEngine.reporting(to: report) { try await operation(engine) })
            } catch {
                result = .failure(error)
            }
            self?.finish(id, busy: busy, result: result, then: then, failed: failed)
        }
        jobs[id] = task
        return showsBusy ? navigator.push(busy, now: startedAt, announce: false) : []
    }

    private func finish<T>(
        _ id: Int, busy: ControlScreen, result: Result<T, any Error>, then: @MainActor (T) -> ScreenOutcome,
        failed: (@MainActor (EngineError) -> ScreenOutcome)?
    ) {
        saidWaits.removeValue(forKey: id)
        // Cancelled by the user: they already heard "Cancelled".
        guard jobs.removeValue(forKey: id) != nil else { return }
        let at = now()
        navigator.dismiss(busy, now: at)
        let outcome: ScreenOutcome
        switch result {
        case .success(let value):
            outcome = then(value)
        case .failure(let error as EngineError):
            outcome = failed?(error) ?? ScreenOutcome(spoken(error))
        case .failure:
            outcome = ScreenOutcome([.earcon(.error), .speak(strings(.unexpectedError), .important)])
        }
        var feedback = navigator.perform(outcome, now: at)
        feedback.append(.redraw)
        prune()
        deliver(feedback)
        // The last answer of a burst is in: what decoding it freed goes back to the system,
        // after its words are on their way and never on a key's path.
        if jobs.isEmpty { HeapTrim.releaseFreePages() }
    }

    /// The server's rate limit holds up a job: said at once, with what waits and until when,
    /// and the busy indicator's label says it too ("Loading your timeline, waiting for the
    /// server until 12:05"), so any key repeats it. A job already ended or cancelled is quiet.
    private func waiting(_ event: EngineEvent, job id: Int, indicator: BusyIndicator?, waitingFor: String) {
        guard jobs[id] != nil else { return }
        if case .processingMedia(let name) = event {
            // The indicator says it from now on, on any key.
            let sentence = event.spoken(in: strings.language, now: engine.clock.now(), timeZone: timeZone)
            indicator?.label = strings(.mediaProcessingLabel, Sanitizer.clean(name, for: .line))
            deliver([.speak(sentence, .announcement), .redraw])
            return
        }
        guard case .waitingForRateLimit(let until) = event, saidWaits[id] != until else { return }
        saidWaits[id] = until
        let language = strings.language
        let sentence = event.spoken(in: language, now: engine.clock.now(), timeZone: timeZone)
        let key: AppText = indicator == nil ? .rateLimitWaitBackground : .rateLimitWait
        indicator?.label = strings(.busyRateLimited, waitingFor, ClockTime.until(until, language: language, timeZone: timeZone))
        deliver([.earcon(.softError), .speak(strings(key, waitingFor, sentence), .important), .redraw])
    }

    /// What a new request would wait for, said before it starts: the engine is still held
    /// by a rate limit (an earlier wait was cancelled, or a request is waiting already).
    func pendingWait() -> String? {
        guard let until = engine.rateLimitedUntil else { return nil }
        return EngineEvent.waitingForRateLimit(until: until)
            .spoken(in: strings.language, now: engine.clock.now(), timeZone: timeZone)
    }

    /// An engine error as the user hears it: the error earcon, then what happened and what
    /// to do, never dropped by the next focus change.
    func spoken(_ error: EngineError) -> [Feedback] {
        [.earcon(.error), .speak(error.spoken(in: strings.language, now: engine.clock.now(), timeZone: timeZone).text, .important)]
    }

    /// A post that did not reach the server, as the user hears it: what went wrong, whether
    /// it may be out already, and that it waits (and is never posted twice).
    func spoken(_ failure: OutboxFailure) -> [Feedback] {
        lastOutboxRetry = now()
        switch failure.reason {
        case .notSaved(let error):
            return [.earcon(.error), .speak(Sanitizer.clean(strings(.outboxNotSaved, error.reason.spoken(in: strings.language)), for: .line), .important)]
        case .alreadySending:
            return [.earcon(.softError), .speak(strings(.alreadySending), .important)]
        case .busyElsewhere:
            return [.earcon(.softError), .speak(strings(.outboxBusyElsewhere), .important)]
        case .gone:
            return [.earcon(.softError), .speak(strings(.outboxGone), .important)]
        case .engine(let error):
            let spoken = error.spokenAfterSending(in: strings.language, now: engine.clock.now())
            if failure.mayBeOut {
                // "loowi sent the post but the server's answer was lost" says already why it may be out.
                let why = error.answerWasLost ? strings(.lostAnswerWaits) : strings(.postMayBeOut)
                return [.earcon(.error), .speak(spoken.description + " " + why, .important)]
            }
            if failure.item?.retriesByItself == true { return [.earcon(.error), .speak(spoken.description + " " + strings(.postWaits), .important)] }
            // Refused: the reason's own advice says what to change.
            return [.earcon(.error), .speak(spoken.text + " " + strings(.textKept), .important)]
        }
    }

    /// Sends what waits in the outbox, in the background, once the server has answered
    /// again (at most once a minute); says once how many were published.
    func retryWaitingPosts() {
        let outbox = self.outbox
        let waiting = outbox.all.filter { $0.retriesByItself && !outbox.isBeingSent($0.id) }
        guard !waiting.isEmpty else { return }
        if let last = lastOutboxRetry, now() - last < Self.outboxRetryInterval { return }
        lastOutboxRetry = now()
        _ = perform(
            strings(.sending), busy: false,
            { engine in
                var published: [String] = []
                for item in waiting {
                    do throws(OutboxFailure) {
                        _ = try await engine.deliver(item, through: outbox)
                        published.append(item.id)
                    } catch {
                        continue
                    }
                }
                return published
            },
            then: { [weak self] (published: [String]) in
                guard let self, !published.isEmpty else { return .none }
                for key in published { self.drafts.removeSent(idempotencyKey: key) }
                let said = published.count == 1 ? self.strings(.waitingPostPublished) : self.strings(.waitingPostsPublished, String(published.count))
                return ScreenOutcome([.earcon(.postSent), .speak(said, .announcement)])
            },
            failed: { _ in .none })
    }

    /// An earlier version of a post the user has since changed: removed from the outbox if it
    /// never left, else kept but never sent by itself (it may be out already).
    func withdrawFromOutbox(_ id: String) {
        guard var item = outbox.item(id: id), !outbox.isBeingSent(id) else { return }
        if item.unansweredSince == nil {
            try? outbox.remove(id: id)
        } else {
            item.sendsByItself = false
            try? outbox.put(item)
        }
    }

    static let outboxRetryInterval: Duration = .seconds(60)
    private var lastOutboxRetry: Instant?

    /// Said once the home timeline is read: drafts left from last time, so nothing typed is
    /// lost even after a crash or a closed terminal.
    func startupNotices() -> [Feedback] {
        var notices: [Feedback] = []
        // A file that could not be read was kept aside: where it is, said once.
        for sentence in [drafts.problem.map(draftsProblem), outbox.problem.map(outboxProblem)].compactMap({ $0 }) {
            notices += [.earcon(.softError), .speak(Sanitizer.clean(sentence, for: .line), .announcement)]
        }
        // Refused posts are not retried by themselves: the user decides.
        let refused = outbox.all.filter { !$0.retriesByItself }
        if !refused.isEmpty {
            let previews = refused.map { "\"" + String($0.draft.text.prefix(60)) + "\"" }.joined(separator: ", ")
            notices.append(.speak(Sanitizer.clean(strings(.outboxRefusedWaiting, previews), for: .line), .announcement))
        }
        let saved = drafts.all
        guard let latest = saved.first else { return notices }
        let preview = String(latest.text.prefix(60))
        let key: AppText = saved.count == 1 ? .draftOffered : .draftsOffered
        return notices + [.speak(strings(key, preview, String(saved.count)), .announcement)]
    }

    private func draftsProblem(_ problem: RecoverableFile.Problem) -> String {
        switch problem {
        case .movedAside(let keptAt): strings(.draftsMovedAside, keptAt)
        case .someUnreadable(let count, let keptAt), .recovered(_, let count, let keptAt): strings(.draftsPartlyUnreadable, String(count), keptAt)
        case .untouchable(let path, let reason): strings(.draftsUntouchable, path, reason.spoken(in: strings.language))
        }
    }

    /// A damaged outbox says what was taken back and what was not: never that all is sent.
    private func outboxProblem(_ problem: RecoverableFile.Problem) -> String {
        switch problem {
        case .movedAside(let keptAt): strings(.outboxMovedAside, keptAt)
        case .someUnreadable(let count, let keptAt): strings(.outboxPartlyUnreadable, String(count), keptAt)
        case .recovered(let count, 0, let keptAt): strings(.outboxRecovered, String(count), keptAt)
        case .recovered(let count, let unreadable, let keptAt): strings(.outboxPartlyRecovered, String(count), String(unreadable), keptAt)
        case .untouchable(let path, let reason): strings(.outboxUntouchable, path, reason.spoken(in: strings.language))
        }
    }

    // MARK: Settings

    var textOptions: SpeakableTextOptions {
        config.textOptions(me: me?.id)
    }
}

/// An app screen: owns one `ControlScreen` and answers its events, matched on its own
/// `ControlID` enum (`event.control(as: ControlID.self)`), never on strings.
@MainActor
protocol AppScreen: AnyObject {
    /// The ids of the screen's controls; the toolbar's Back and Info are `ToolbarControl`.
    associatedtype ControlID: RawRepresentable<String>
    var screen: ControlScreen { get }
}

extension AppScreen {
    /// Controls built with an id the screen's `ControlID` does not name: their events would
    /// match nothing. `AppCore.keep` asserts there are none.
    var unnamedControls: [String] {
        screen.focus.controls.map(\.id).filter { ControlID(rawValue: $0) == nil && ToolbarControl(rawValue: $0) == nil }
    }
}
