import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Drives the whole app the way a person does, against `FakeMastodon` through the real
/// engine: keys in, every answer (including those that arrive later) written down as a
/// transcript, time moved by hand.
@MainActor
final class AppHarness {
    let server = FakeMastodon()
    let transport: StubTransport
    let engine: TweetEngine
    let core: AppCore
    let folder: URL
    private let time = TestTime()
    private(set) var lines: [String] = []

    /// A new user's settings in `language`.
    convenience init(language: Language) {
        var config = LoowiConfig()
        config.language = language
        self.init(config: config)
    }

    init(config: LoowiConfig = LoowiConfig(), folder: URL? = nil, cache: TimelineCache? = nil, position: ReadingPosition? = nil,
        holdsSleeps: Bool = false
    ) {
        let fake = server
        transport = StubTransport { request in try fake.answer(request) }
        clock = ManualClock(now: fake.now, holdsSleeps: holdsSleeps)
        engine = TweetEngine(transport: transport, clock: clock, tokenStore: InMemoryTokenStore(), options: config.engineOptions)
        engine.use(Credentials(server: FakeMastodon.server, accessToken: "test-token"))
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("loowi-app-\(UUID().uuidString)")
        let clock = time
        core = AppCore(
            engine: engine, config: config, drafts: DraftStore(file: self.folder.appendingPathComponent("drafts.json")),
            cache: cache, position: position, now: { clock.now })
        // Weak: a job may answer after the test's last line (the quiet reload of Direct
        // messages that a live event starts), when the harness is gone; it is dropped.
        core.deliver = { [weak self] in self?.record($0) }
        core.timeZone = TimeZone(identifier: "GMT")!
        // As the runner is told of each settings change, to save it.
        core.onSettingsChange = { [weak self] keys, _ in
            self?.settingsChanges.append(keys)
            return []
        }
    }

    /// The settings changes the app told its runner of, each once, in order.
    private(set) var settingsChanges: [[ConfigKey]] = []

    /// The settings saved since the last call, one entry per change told.
    func savedSettings() -> [ConfigKey] {
        defer { settingsChanges = [] }
        return settingsChanges.flatMap { $0 }
    }

    /// Every batch of feedback as it came out, `.configure` included (transcripts leave it
    /// out: it is not heard itself, only in the words after it).
    private(set) var batches: [[Feedback]] = []

    /// How much test time has passed.
    var elapsed: Duration { time.elapsed }

    /// The engine's clock (with `holdsSleeps`, rate-limit waits last until released).
    let clock: ManualClock

    /// Presses a key without waiting for the server (a wait may be under way).
    func pressNow(_ name: String) {
        guard let key = Key(name: name) else {
            Issue.record("no key named \(name)")
            return
        }
        lines.append("press \(name)")
        record(core.handle(.key(key)))
    }

    /// Lets answers arrive (in real time, at most a minute: a loaded machine running every test at once can keep the main actor busy for many seconds) until `condition` holds.
    func waitUntil(_ condition: () -> Bool) async -> Bool {
        let start = ContinuousClock.now
        while !condition() {
            if ContinuousClock.now - start > .seconds(60) { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    /// Opens the home timeline and waits for it to load.
    func open() async {
        lines.append("(start)")
        record(core.start())
        await core.settle()
    }

    /// Opens the app without waiting for the server.
    func recordStart() {
        lines.append("(start)")
        record(core.start())
    }

    /// Opens the screen `route` names, as a screen's key or button does, and waits for any
    /// loading it needs.
    func go(to route: Route) async {
        lines.append("(open \(route))")
        record(core.navigator.perform(core.open(route), now: core.now()))
        await core.settle()
    }

    /// Presses keys by their keymap names ("Tab", "b", "Enter"), waiting after each for any
    /// server answer.
    func press(_ names: String...) async {
        for name in names {
            guard let key = Key(name: name) else {
                Issue.record("no key named \(name)")
                continue
            }
            lines.append("press \(name)")
            record(core.handle(.key(key)))
            await core.settle()
        }
    }

    func press(_ names: [String]) async {
        for name in names { await press(name) }
    }

    func type(_ text: String) async {
        lines.append("type \(text)")
        for c in text { record(core.handle(.key(.character(c)))) }
        await core.settle()
    }

    /// Tab (Shift-Tab with `backwards`) until the control `id` has the focus, as a user listens
    /// for it; a round of the screen's stops without it fails the test.
    func tab(to id: String, backwards: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) async {
        let stops = core.navigator.current.focus.controls.count
        for _ in 0..<stops where core.navigator.current.focus.focused.id != id { await press(backwards ? "Shift-Tab" : "Tab") }
        #expect(core.navigator.current.focus.focused.id == id, "no \(id) among the stops", sourceLocation: sourceLocation)
    }

    /// From the compose screen's text field to Send.
    func tabToSend(sourceLocation: SourceLocation = #_sourceLocation) async {
        await tab(to: "send", sourceLocation: sourceLocation)
    }

    /// Time passes, ticking every 50 ms as the real loop does.
    func wait(_ duration: Duration) {
        lines.append("wait")
        var waited = Duration.zero
        while waited < duration {
            time.elapsed += .milliseconds(50)
            waited += .milliseconds(50)
            record(core.tick())
        }
    }

    private func record(_ feedback: [Feedback]) {
        if !feedback.isEmpty { batches.append(feedback) }
        let written = lineMode.map { feedback.lineTranscript(in: $0) } ?? feedback.transcriptLines
        lines += written.map { "    " + $0 }
    }

    /// Line mode in this language: each batch is written as line mode prints it, with the
    /// words for sounds (`print: [no action]`), as `ScreenLoop` does with `sound_words` on.
    var lineMode: Language?

    /// Presses one key (a character the keymap names only by itself, such as "?"), waiting
    /// for any server answer.
    func press(key: Key) async {
        lines.append("press \(key.name)")
        record(core.handle(.key(key)))
        await core.settle()
    }

    /// Everything written since the last call (said, sounds, printed words), unindented.
    func heard() -> [String] {
        defer { mark = lines.count }
        return lines[mark...].filter { $0.hasPrefix("    ") }.map { String($0.dropFirst(4)) }
    }

    /// Everything said since the last call, without the indentation, for exact checks.
    func said() -> [String] {
        defer { mark = lines.count }
        return lines[mark...].filter { $0.hasPrefix("    say") }.map { String($0.dropFirst(4)) }
    }
    private var mark = 0

    /// The lines of the help list F1 opened (what Down steps through), empty when none is open.
    var helpLines: [String] {
        guard core.navigator.current.title.hasPrefix(Strings(core.config.language)(.helpTitle, "")) else { return [] }
        return (core.navigator.current.focus.focused as? Wheel)?.items ?? []
    }

    /// The focused list's item as it would be said (P says only its position).
    var focusedItem: String? { (core.navigator.current.focus.focused as? Wheel)?.currentItem }

    var transcript: String { lines.joined(separator: "\n") + "\n" }

    var requests: [String] { transport.requests.map { "\($0.method.rawValue) \($0.url.path)" } }
}

/// Time that moves only when the test says so.
@MainActor
final class TestTime {
    let start = ContinuousClock.now
    var elapsed: Duration = .zero
    var now: ContinuousClock.Instant { start + elapsed }
}
